import { describe, expect, it } from 'vitest';
import { skipsCurrentUserFetch, startupPath } from '../../src/app/startup.ts';

describe('start-up public list (spec §2)', () => {
  it.each(['/', '/sign-in', '/sign-up', '/privacy', '/terms', '/pricing', '/faq', '/features', '/integrations', '/contact', '/docs/widget-api', '/proof', '/r/abc123', '/r/abc/def', '/s/abc123'])(
    'skips the current-user fetch on %s',
    (path) => expect(skipsCurrentUserFetch(path)).toBe(true),
  );

  it.each(['/de/sign-in', '/pt-BR/pricing/', '/sign-in/', '/de', '/de/', '/de/r/token', '/de/s/token'])('removes a locale prefix and a trailing slash: %s', (path) =>
    expect(skipsCurrentUserFetch(path)).toBe(true),
  );

  it.each(['/login', '/start', '/register', '/docs/zapier', '/sample', '/usage-dashboard', '/blog', '/blog/post', '/dashboard', '/my/requests', '/donkey', '/onboarding/workspace', '/users/password/new', '/r', '/nope', '/de/login', '/my', '/sign-in/x'])(
    'fetches the current user first on %s',
    (path) => expect(skipsCurrentUserFetch(path)).toBe(false),
  );

  it('normalises the path it matches', () => {
    expect(startupPath('/de-AT/faq/')).toBe('/faq');
    expect(startupPath('/')).toBe('/');
    expect(startupPath('/my/team')).toBe('/my/team');
  });
});
