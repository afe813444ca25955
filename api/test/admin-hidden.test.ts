import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousSession, body, signUp } from './support/auth.ts';
import { loadOperations } from './support/openapi-walk.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// Every admin route, read from the API's own OpenAPI document, so a route added later is covered the day it exists.
describe('the admin API hides itself', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { WORKERS: 'false' });
  });
  afterAll(() => t.close());

  it('answers a customer and a signed-out visitor on every admin route like an unknown route', async () => {
    const admin = (await loadOperations(t.url)).filter((op) => op.path.startsWith('/api/v1/admin/'));
    expect(admin.length).toBeGreaterThan(15);
    const customer = await signUp(t);
    const visitor = await anonymousSession(t);
    for (const op of admin) {
      const path = op.path.replace(/\{[^}]+\}/g, crypto.randomUUID());
      for (const who of [customer, visitor]) {
        const res = await fetch(`${t.url}${path}`, { method: op.method, headers: { ...who.headers, accept: 'application/json' }, ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { body: '{}' }) });
        expect(res.status, `${op.method} ${op.path}`).toBe(404);
        expect(await body(res)).toMatchObject({ code: 'NOT_FOUND', message: `No route for ${op.method} ${path}` });
      }
    }
  });
});
