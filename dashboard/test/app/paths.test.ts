import { describe, expect, it } from 'vitest';
import { afterSignInPath, fullBrowserPath, signInPathFor } from '../../src/app/paths.ts';

describe('redirect_to', () => {
  it('holds the full path with its query', () => {
    const location = { pathname: '/my/requests/42/recordings', search: '?page=2&q=a b', hash: '' };
    expect(fullBrowserPath(location)).toBe('/my/requests/42/recordings?page=2&q=a b');
    expect(signInPathFor(location)).toBe(`/sign-in?redirect_to=${encodeURIComponent('/my/requests/42/recordings?page=2&q=a b')}`);
  });

  it('goes back to a path on this site after sign-in, else to the dashboard', () => {
    expect(afterSignInPath('/my/team?x=1')).toBe('/my/team?x=1');
    expect(afterSignInPath(null)).toBe('/dashboard');
    expect(afterSignInPath('')).toBe('/dashboard');
    expect(afterSignInPath('https://evil.example/')).toBe('/dashboard');
    expect(afterSignInPath('//evil.example/x')).toBe('/dashboard');
    expect(afterSignInPath('/\\evil.example')).toBe('/dashboard');
  });
});
