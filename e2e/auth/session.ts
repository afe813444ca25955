import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { User } from '@showback/contract';
import { signInOverHttp } from '../recording/owner.ts';
import type { RunningServer } from '../support/server.ts';

/** Helpers shared by the auth and routing scenarios: users made through the real API, pages that count calls. */

export const uniqueEmail = (tag = 'user'): string => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.test`;
export const PASSWORD = 'correct horse 42';

/** A context on `server`, `width` wide (740 high on phones, 800 otherwise); `options` override. */
export async function newContext(browser: Browser, server: RunningServer, width = 1280, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL: server.url, viewport: { width, height: width > 600 ? 800 : 740 }, ...options });
}

/** A CSRF token for API calls made with `context.request` (its cookie jar gets the matching cookie). */
export async function csrf(context: BrowserContext): Promise<string> {
  const response = await context.request.get('/api/v1/csrf');
  if (!response.ok()) throw new Error(`GET /api/v1/csrf answered ${response.status()}`);
  return ((await response.json()) as { csrf_token: string }).csrf_token;
}

/** Signs up through the API inside `context`, so its cookies hold the session; returns the user. */
export async function apiSignUp(context: BrowserContext, fields: Partial<{ name: string; email: string; account_name: string }> = {}): Promise<User> {
  const email = fields.email ?? uniqueEmail();
  const response = await context.request.post('/api/v1/users/sign_up', {
    headers: { 'X-CSRF-Token': await csrf(context) },
    data: { name: fields.name ?? 'Test Person', email, account_name: fields.account_name ?? 'Test Co', password: PASSWORD, password_confirmation: PASSWORD },
  });
  if (response.status() !== 201) throw new Error(`sign-up answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as User;
}

/** Finishes onboarding for the signed-in account of `context` through the API. */
export async function apiCompleteOnboarding(context: BrowserContext): Promise<void> {
  const response = await context.request.post('/api/v1/account/onboarding/complete', { headers: { 'X-CSRF-Token': await csrf(context) }, data: {} });
  if (!response.ok()) throw new Error(`onboarding/complete answered ${response.status()}: ${await response.text()}`);
}

/**
 * Runs one statement on the database the server uses. With DATABASE_URL that is a query over `pg`; on the
 * embedded PGlite, which one process opens at a time, the server is stopped, the statement run, and the server
 * started again on the same port and data. Returns the rows and the number of rows changed.
 */
export async function querySql<Row>(server: RunningServer, sql: string, params: unknown[]): Promise<{ rows: Row[]; changed: number }> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const result = await client.query(sql, params);
      return { rows: result.rows as Row[], changed: result.rowCount ?? 0 };
    } finally {
      await client.end();
    }
  }
  await server.kill('SIGTERM');
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // The server's database has the trigram indexes of migration 0220: PGlite opens it only with the extension loaded.
  const db = await PGlite.create(path.join(server.dataDir, 'db'), { extensions: { pg_trgm } });
  try {
    const result = await db.query<Row>(sql, params);
    return { rows: result.rows, changed: result.affectedRows ?? 0 };
  } finally {
    await db.close();
    await server.start();
  }
}

/** Runs one statement (see querySql); returns the number of rows changed. */
export async function runSql(server: RunningServer, sql: string, params: unknown[]): Promise<number> {
  return (await querySql(server, sql, params)).changed;
}

/** Changes a user's role in the server's database (restarts an embedded-database server). */
export async function setRole(server: RunningServer, userId: string, role: 'owner' | 'admin' | 'member'): Promise<void> {
  if ((await runSql(server, 'UPDATE users SET role = $1 WHERE id = $2', [role, userId])) !== 1) throw new Error(`no user ${userId}`);
}

/**
 * Makes `userId` a system admin as staff do: the first system admin (printed at the server's first start) signs in and
 * grants it (POST /api/v1/admin/users/:id/sysadmin). The server keeps running, unlike a change by runSql.
 */
export async function grantSysadmin(server: RunningServer, userId: string): Promise<void> {
  const { email, password } = firstAdminFrom(server.output());
  const admin = await signInOverHttp(server.url, email, password);
  const response = await fetch(`${server.url}/api/v1/admin/users/${userId}/sysadmin`, { method: 'POST', headers: admin.headers, body: JSON.stringify({ is_sysadmin: true }) });
  if (response.status !== 204) throw new Error(`granting system admin answered ${response.status}: ${await response.text()}`);
}

/** The first system admin's credentials from the box the server prints once on its first start (users/first-admin.ts). */
export function firstAdminFrom(output: string): { email: string; password: string } {
  const email = /^\W*email\s+(\S+@\S+)\s*\W*$/m.exec(output)?.[1];
  const password = /^\W*password\s+(\S+)\s*\W*$/m.exec(output)?.[1];
  if (!email || !password) throw new Error(`no system admin credentials in the server output:\n${output}`);
  return { email, password };
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The newest message to `to` in the server's local mailbox (DATA_DIR/mail/*.json, written by
 * api/src/mail/local-mailbox.ts). Waits for it: reset emails are sent after the API has answered.
 */
export async function waitForMail(server: RunningServer, to: string, after = 0, timeout = 10_000): Promise<Mail> {
  const dir = path.join(server.dataDir, 'mail');
  const deadline = Date.now() + timeout;
  for (;;) {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const ids = names.filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort().reverse();
    for (const name of ids) {
      if (Number(name.split('-')[0]) < after) break;
      const mail = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as Mail;
      if (mail.to === to) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${dir} within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits for the signed-in app's shell; its navigation is folded behind a menu button on narrow screens. */
export async function waitForAppShell(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'App navigation', includeHidden: true }).waitFor({ state: 'attached' });
}

/**
 * Answers the product's confirmation dialog named `title` (its question) by clicking `button` in it, as a person
 * does, and waits for it to close. The browser's own confirm() is never used: a scenario that sees one fails.
 */
export async function confirmInDialog(page: Page, title: string, button: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Counts the current-user fetches a page makes. */
export function countMeRequests(page: Page): { count(): number; urls: string[] } {
  const urls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^(?:\/[a-z]{2}(?:-[A-Z]{2})?)?\/api\/v1\/users\/me$/.test(url.pathname) && request.method() === 'GET') urls.push(url.pathname);
  });
  return { count: () => urls.length, urls };
}

/** The path and query the page shows now. */
export const pathOf = (page: Page): string => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

export async function waitForPath(page: Page, expected: string | RegExp, timeout = 10_000): Promise<void> {
  try {
    await page.waitForURL((url) => {
      const current = url.pathname + url.search;
      return typeof expected === 'string' ? current === expected : expected.test(current);
    }, { timeout });
  } catch (error) {
    // Where the page went instead is what tells a wrong turn from a slow one.
    throw new Error(`the page did not reach ${String(expected)} within ${timeout} ms; it is on ${pathOf(page)}`, { cause: error });
  }
}

export async function storedUser(page: Page): Promise<User | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as User | null);
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/** A full-page screenshot in test-results/screenshots named `<name>-<viewport width>.png`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
}
