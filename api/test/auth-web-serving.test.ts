import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { body, cookiesOf, sessionFrom, signUp, signUpPayload } from './support/auth.ts';

const page = (title: string) => `<!doctype html><html><head><title>${title}</title><!--app-meta--></head><body>${title}</body></html>`;

async function fakeBuild(root: string): Promise<void> {
  const files: Record<string, string> = {
    'dashboard/dist/index.html': page('spa'),
    'dashboard/dist/assets/index-AbCd1234.js': 'console.log("dashboard")',
    'dashboard/dist/favicon.svg': '<svg/>',
    'dashboard/dist/sitemap.xml': '<?xml version="1.0"?><urlset></urlset>',
    'dashboard/dist/robots.txt': 'User-agent: *\nDisallow: /donkey\n',
    'dashboard/dist/prerendered/index.html': page('home prerendered'),
    'dashboard/dist/prerendered/pricing/index.html': page('pricing prerendered'),
    'dashboard/dist/prerendered/sign-up/index.html': page('sign-up prerendered'),
    'recorder/dist/index.html': page('recorder'),
    'recorder/dist/assets/main-Zx9y8W7v.js': 'console.log("recorder")',
    'sdk/dist/showback.js': 'window.Showback={}',
  };
  for (const [file, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), content);
  }
}

describe('web serving', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-static-'));
    await fakeBuild(root);
    t = await startTestApp({ staticRoot: root }, { ANALYTICS_WRITE_KEY: 'wk_"1"', ANALYTICS_URL: 'https://analytics.example.test' });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('serves the SPA for app routes with the meta tags injected, no-store, status 200', async () => {
    for (const p of ['/dashboard', '/my/requests/123/recordings', '/de/dashboard', '/users/password/edit?reset_password_token=x', '/some/unknown/path']) {
      const res = await fetch(`${t.url}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('<title>spa</title>');
      expect(html).not.toContain('<!--app-meta-->');
      expect(html).toMatch(/<meta name="csrf-token" content="[\w-]+\.[\w-]+">/);
      expect(html).toContain('<meta name="analytics-write-key" content="wk_&quot;1&quot;">');
      expect(html).toContain('<meta name="analytics-url" content="https://analytics.example.test">');
    }
  });

  it('prefers a prerendered page, also behind a language prefix and with a trailing slash', async () => {
    for (const p of ['/pricing', '/pricing/', '/de/pricing', '/pt-BR/pricing']) {
      const html = await (await fetch(`${t.url}${p}`)).text();
      expect(html, p).toContain('pricing prerendered');
      expect(html).toContain('name="csrf-token"');
    }
    expect(await (await fetch(`${t.url}/`)).text()).toContain('home prerendered');
    expect(await (await fetch(`${t.url}/../../etc/passwd`)).text()).not.toContain('root:');
    expect(await (await fetch(`${t.url}/%2e%2e/%2e%2e/secret`)).text()).toContain('<title>spa</title>');
  });

  it('marks the sign-up page opened from an invitation link, so it paints in the invited shape before any script', async () => {
    for (const p of ['/sign-up?invitation_token=abc', '/sign-up/?invitation_token=', '/de/sign-up?email=a%40b.test&invitation_token=abc']) {
      const html = await (await fetch(`${t.url}${p}`)).text();
      expect(html, p).toContain('sign-up prerendered');
      expect(html, p).toMatch(/^<!doctype html><html data-invitation>/);
    }
    for (const p of ['/sign-up', '/sign-up?plan=team', '/pricing?invitation_token=abc', '/dashboard?invitation_token=abc']) {
      expect(await (await fetch(`${t.url}${p}`)).text(), p).not.toContain('data-invitation');
    }
  });

  it('the token in the meta tag works as X-CSRF-Token with the cookie the page set', async () => {
    const res = await fetch(`${t.url}/sign-up`);
    const token = /name="csrf-token" content="([^"]+)"/.exec(await res.text())![1]!;
    const browser = sessionFrom(cookiesOf(res), token);
    const signUp = await fetch(`${t.url}/api/v1/users/sign_up`, { method: 'POST', headers: browser.headers, body: JSON.stringify(signUpPayload()) });
    expect(signUp.status).toBe(201);
  });

  it('serves the recorder page for /r/*, framed by no other site, with capture permissions', async () => {
    const res = await fetch(`${t.url}/r/abc123`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>recorder</title>');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(res.headers.get('content-security-policy')).not.toContain('frame-ancestors *');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('permissions-policy')).toContain('display-capture=(self)');
    expect(res.headers.get('permissions-policy')).toContain('microphone=(self)');
    expect(res.headers.get('cache-control')).toBe('no-store');

    const app = await fetch(`${t.url}/dashboard`);
    expect(app.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(app.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(app.headers.get('content-security-policy')).toContain('connect-src \'self\' https://analytics.example.test');
    expect(app.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(app.headers.get('permissions-policy')).toContain('display-capture=()');
  });

  it('a widget session\'s recorder may be framed by the account\'s allowed origins only, read at every load', async () => {
    const owner = await signUp(t);
    const put = (origins: string[]) =>
      fetch(`${t.url}/api/v1/widget`, { method: 'PUT', headers: owner.headers, body: JSON.stringify({ allowed_origins: origins }) });
    const settings = await body(await put(['https://shop.example.test', 'https://*.apps.example.test']));
    const created = await fetch(`${t.url}/api/v1/widget/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://shop.example.test' },
      body: JSON.stringify({ key: settings.key, origin: 'https://shop.example.test' }),
    });
    expect(created.status).toBe(201);
    const recorder_url = `${t.url}${new URL((await body(created)).recorder_url).pathname}`;
    const csp = async (url: string) => (await fetch(url)).headers.get('content-security-policy') ?? '';
    const framing = async (url: string) => /frame-ancestors ([^;]*)/.exec(await csp(url))![1];
    expect(await framing(recorder_url)).toBe("'self' https://*.apps.example.test https://shop.example.test");
    // Opened as a tab by the widget's frame ("Record in a new tab"), it keeps its opener; a link page does not.
    expect((await fetch(recorder_url)).headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect((await fetch(`${t.url}/r/${'A'.repeat(32)}`)).headers.get('cross-origin-opener-policy')).toBe('same-origin');
    // The rest of the policy is the recorder's usual one.
    expect(await csp(recorder_url)).toContain("script-src 'self'");
    expect(await csp(recorder_url)).toContain("object-src 'none'");
    await put(['https://other.example.test']);
    expect(await framing(recorder_url)).toBe("'self' https://other.example.test");
    await put([]);
    expect(await framing(recorder_url)).toBe("'self'");
    // Unknown widget sessions and link tokens: nobody else frames them.
    expect(await framing(`${t.url}/r/ws_unknown`)).toBe("'self'");
    expect(await framing(`${t.url}/r/${'A'.repeat(32)}`)).toBe("'self'");
  });

  it('serves built assets: hashed ones immutable, recorder assets under /vite/recorder/, never raw HTML', async () => {
    const js = await fetch(`${t.url}/vite/assets/index-AbCd1234.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toContain('dashboard');
    const rec = await fetch(`${t.url}/vite/recorder/assets/main-Zx9y8W7v.js`);
    expect(await rec.text()).toContain('recorder');
    expect(rec.headers.get('cache-control')).toContain('immutable');
    const icon = await fetch(`${t.url}/vite/favicon.svg`);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await fetch(`${t.url}/vite/index.html`)).status).toBe(404);
    expect((await fetch(`${t.url}/vite/prerendered/pricing/index.html`)).status).toBe(404);
    const missing = await fetch(`${t.url}/vite/assets/nope-12345678.js`);
    expect(missing.status).toBe(404);
    expect(await body(missing)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves sitemap.xml and robots.txt from the site root', async () => {
    const sitemap = await fetch(`${t.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
    expect(await sitemap.text()).toContain('<urlset>');
    const robots = await fetch(`${t.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await robots.text()).toContain('Disallow: /donkey');
  });

  it('serves the widget bundle cross-origin with a short cache', async () => {
    const res = await fetch(`${t.url}/sdk/showback.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('keeps API, OAuth and dev paths out of the HTML fallback, however their path is spelled', async () => {
    const encoded = ['/%61pi/v1/nope', '/de/%61pi/v1/nope', '/%75sers/auth/nope', '/%64ev/nope', '/upl%6fads/x'];
    for (const p of ['/api/v1/nope', '/de/api/v1/nope', '/users/auth/nope', '/dev/nope', '/uploads/x', '/sdk/missing.js', ...encoded]) {
      const res = await fetch(`${t.url}${p}`);
      expect(res.status, p).toBe(404);
      expect(await body(res)).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('web serving without built front ends', () => {
  it('starts and answers the API; HTML paths are 404', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-empty-'));
    const t = await startTestApp({ staticRoot: root });
    try {
      expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${t.url}/dashboard`)).status).toBe(404);
    } finally {
      await t.close();
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
