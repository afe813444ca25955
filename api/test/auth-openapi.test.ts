import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { body } from './support/auth.ts';

describe('OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('serves the document generated from the route schemas, with contract schemas as named components', async () => {
    const res = await fetch(`${t.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = await body(res);
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/users/sign_up', '/api/v1/users/sign_in', '/api/v1/users/me', '/api/v1/users/password', '/api/v1/account', '/api/health']));
    expect(Object.keys(doc.paths).every((p: string) => p.startsWith('/api/'))).toBe(true);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['User', 'SignUpBody', 'ErrorBody']));
    expect(JSON.stringify(doc.paths['/api/v1/users/me'].get.responses['200'])).toContain('#/components/schemas/User');
  });

  it('serves a readable docs page', async () => {
    const res = await fetch(`${t.url}/api/docs/`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger');
  });
});
