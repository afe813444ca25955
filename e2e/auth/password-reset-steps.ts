import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from '../support/server.ts';
import { screenshot, waitForMail, waitForPath } from './session.ts';

/** The reset link of the newest reset email to `email` sent after `after` (ms since epoch). */
export async function resetLink(server: RunningServer, email: string, after: number): Promise<string> {
  const mail = await waitForMail(server, email, after);
  expect(mail.subject).toBe('Reset your Showback password');
  const link = /https?:\/\/\S+\/users\/password\/edit\?reset_password_token=[\w%-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in:\n${mail.text}`);
  return link;
}

export async function requestReset(page: Page, email: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await waitForPath(page, '/users/password/new');
  // The sign-in screen (with its own Email field) stays up while the next screen's chunk loads.
  await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText(`If an account exists for ${email}, a link to reset the password is on its way.`).waitFor();
  await screenshot(page, 'forgot-password-sent');
}

export async function chooseNewPassword(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Save new password' }).click();
}
