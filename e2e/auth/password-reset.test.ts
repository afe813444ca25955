import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useProduct } from '../support/product.ts';
import { chooseNewPassword, requestReset, resetLink } from './password-reset-steps.ts';
import { PASSWORD, pathOf, runSql, screenshot, uniqueEmail, waitForAppShell, waitForMail, waitForPath } from './session.ts';

const NEW_PASSWORD = 'a fresh password 7';
const LINK_INVALID = 'This password reset link has expired or was already used. Request a new link below.';

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

// Issue #2 "Forgot password": email with a single-use, expiring link → set a new password, read from the local mailbox.
describe('password reset', () => {
  const product = useProduct();
  let email: string;

  beforeAll(async () => {
    ({ email } = (await product.signedUp()).user);
  });

  it('mails a link that sets a new password once; the new password signs in and the old one no longer does', async () => {
    const page = await product.page();
    const before = Date.now();
    await requestReset(page, email);
    const link = await resetLink(product.server, email, before);
    expect(link.startsWith(product.server.url)).toBe(true);

    await chooseNewPassword(page, link, NEW_PASSWORD);
    // The reset signs the person in here.
    await waitForPath(page, '/dashboard');
    await waitForAppShell(page);
    await page.getByText('Your password has been changed. You are signed in.').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForPath(page, '/sign-in');

    await signIn(page, email, PASSWORD);
    await page.getByText('Invalid email or password. Please try again.').waitFor();
    await signIn(page, email, NEW_PASSWORD);
    await waitForPath(page, '/dashboard');

    // The link is spent.
    const other = await product.context(360);
    const second = await other.newPage();
    await chooseNewPassword(second, link, 'yet another password');
    await second.getByText(LINK_INVALID).waitFor();
    await screenshot(second, 'reset-link-used');
    expect(await second.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(pathOf(second)).toMatch(/^\/users\/password\/edit\?/);
    await second.getByRole('link', { name: 'Request a new link' }).click();
    await waitForPath(second, '/users/password/new');
    await other.close();
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const page = await product.page();
    const nobody = uniqueEmail('nobody');
    await requestReset(page, nobody);
    await expect(waitForMail(product.server, nobody, 0, 1500)).rejects.toThrow(/no mail/);
    await page.goto('/users/password/edit');
    await page.getByText('This password reset link is incomplete. Request a new link below.').waitFor();
  });

  it('refuses a link past its expiry with the same clear message, and the password stays as it was', async () => {
    const page = await product.page();
    const before = Date.now();
    await requestReset(page, email);
    const link = await resetLink(product.server, email, before);
    // Age the link in the database (restarts an embedded-database server).
    const aged = await runSql(product.server, "UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL AND user_id = (SELECT id FROM users WHERE email = $1)", [email]);
    expect(aged).toBe(1);
    await chooseNewPassword(page, link, 'too late password');
    await page.getByText(LINK_INVALID).waitFor();
    await signIn(page, email, NEW_PASSWORD);
    await waitForPath(page, '/dashboard');
  });
});
