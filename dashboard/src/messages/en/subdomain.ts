import { defineSection } from '../t.ts';

export const subdomain = defineSection('subdomain', {
  heading: 'Branded subdomain',
  intro: 'Recording links on your own address, such as {example}, instead of the Showback address.',
  loadFailed: 'The subdomain settings could not be loaded.',
  off: 'Branded subdomains are not set up on this server. Whoever runs Showback for you can turn them on with the BRANDED_BASE_DOMAIN setting.',
  name: 'Subdomain',
  nameHint: 'Lowercase letters, digits and hyphens, 3 to 63 characters. Your links become https://<name>.{domain}/r/…',
  renameHint: 'Changing it frees the old name: links already sent on the old address stop working, links on the default address keep working.',
  problem: 'The subdomain {problem}.',
  save: 'Save subdomain',
  saved: 'The subdomain has been saved.',
  failed: 'The subdomain could not be saved. Please try again.',
  release: 'Give up subdomain',
  releaseTitle: 'Give up {name}?',
  releaseText: 'Links sent on this address stop working at once and another account may take the name. Links on the default address keep working.',
  releaseFailed: 'The subdomain could not be given up. Please try again.',
  planGate: 'A branded subdomain is part of the Scale and Enterprise plans.',
  upgrade: 'See plans',
  status: {
    active: 'Active: recording links are shown on {address}.',
    preview: 'Preview during your trial: {address} already opens your recording links so you can try it, but the links you copy stay on the default address until you choose Scale or Enterprise.',
    inactive: 'Your plan no longer includes a branded subdomain. Links already sent on {address} keep working; links are shown on the default address. Upgrade to Scale to use it again.',
  },
});
