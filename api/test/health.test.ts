import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('health and error shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('reports the database it checked', async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('accepts a language prefix before /api', async () => {
    const res = await fetch(`${t.url}/fr/api/health`);
    expect(res.status).toBe(200);
  });

  it('answers unknown API paths with the one error body', async () => {
    const res = await fetch(`${t.url}/api/v1/does-not-exist`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', error: 'Not Found' });
  });
});
