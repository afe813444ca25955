import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadAppConfig } from '../src/wiring.ts';
import { anonymousSession, body, signUp } from './support/auth.ts';
import type { TestApp } from './support/test-app.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

// Two API servers, each with its own connection pool and its own DATA_DIR, on one PostgreSQL database and one
// SESSION_SECRET: what several processes behind a load balancer see.
describe.skipIf(!adminUrl)('two API servers sharing one PostgreSQL database', () => {
  const name = `test_shared_${Date.now().toString(36)}`;
  const servers: Array<{ app: FastifyInstance; url: string; dataDir: string }> = [];
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-shared-'));
      const config = loadAppConfig({ DATA_DIR: dataDir, DATABASE_URL: url.toString(), SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'warn', WORKERS: 'false', STATIC_ROOT: dataDir });
      const app = await buildApp(config, { logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      servers.push({ app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, dataDir });
    }
  });
  afterAll(async () => {
    for (const s of servers) {
      await s.app.close();
      await fs.rm(s.dataDir, { recursive: true, force: true });
    }
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const asTestApp = (i: number) => ({ url: servers[i]!.url }) as TestApp;

  it('a session and CSRF token from one server work on the other; sign-out on one ends it on both', async () => {
    const me = await signUp(asTestApp(0));
    const onB = await fetch(`${servers[1]!.url}/api/v1/users/me`, { headers: me.headers });
    expect(onB.status).toBe(200);
    expect((await body(onB)).id).toBe(me.user.id);
    // A has the session and profile in its cache; B's changes reach it through NOTIFY, within moments.
    const onA = () => fetch(`${servers[0]!.url}/api/v1/users/me`, { headers: me.headers });
    expect((await onA()).status).toBe(200);
    const renamed = await fetch(`${servers[1]!.url}/api/v1/users/me`, { method: 'PUT', headers: me.headers, body: JSON.stringify({ name: 'Renamed on B' }) });
    expect(renamed.status).toBe(200);
    await expect.poll(async () => (await body(await onA())).name, { timeout: 2000, interval: 20 }).toBe('Renamed on B');
    await fetch(`${servers[1]!.url}/api/v1/users/sign_out`, { method: 'DELETE', headers: { cookie: me.cookie, 'x-csrf-token': me.csrf } });
    await expect.poll(async () => (await onA()).status, { timeout: 2000, interval: 20 }).toBe(401);
  });

  it('rate-limit counters are shared', async () => {
    const me = await signUp(asTestApp(0));
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const server = servers[i % 2]!;
      const browser = await anonymousSession({ url: server.url } as TestApp);
      const res = await fetch(`${server.url}/api/v1/users/sign_in`, { method: 'POST', headers: browser.headers, body: JSON.stringify({ email: me.user.email, password: 'wrong guess' }) });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
