/** Every public page of spec §2 that is prerendered, with text its prerendered HTML must contain. */
export const PUBLIC_PAGES: { path: string; text: RegExp }[] = [
  { path: '/', text: /See the problem\. Skip the back-and-forth\./ },
  { path: '/features', text: /How it works/ },
  { path: '/integrations', text: /Integrate with your favorite tools/ },
  { path: '/pricing', text: /Simple, transparent pricing/ },
  { path: '/faq', text: /Frequently asked questions/ },
  { path: '/contact', text: /Contact us/ },
  { path: '/privacy', text: /Privacy policy/ },
  { path: '/terms', text: /Terms of service/ },
  { path: '/proof', text: /Results, and how we measure them/ },
  { path: '/sample', text: /A real submission/ },
  { path: '/usage-dashboard', text: /Usage, limits and warnings/ },
  { path: '/docs/zapier', text: /Connect Showback to Zapier/ },
  { path: '/docs/widget-api', text: /Widget/ },
  { path: '/blog', text: /Practical guides for support teams/ },
  { path: '/blog/measuring-time-to-reproduce', text: /Measuring the back-and-forth/ },
  { path: '/sign-in', text: /Sign in to Showback[\s\S]*Email[\s\S]*Password/ },
  { path: '/sign-up', text: /Create your Showback account[\s\S]*Company or team name[\s\S]*Confirm password/ },
];

/** Spec §2 start-up: public routes that mount without the current-user fetch. */
export const NO_USER_FETCH = ['/', '/sign-in', '/sign-up', '/privacy', '/terms', '/pricing', '/faq', '/features', '/integrations', '/contact', '/docs/widget-api', '/proof'];
