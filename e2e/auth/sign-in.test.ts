import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useProduct } from '../support/product.ts';
import { PASSWORD, storedUser, waitForPath } from './session.ts';

const submit = (page: Page) => page.getByRole('button', { name: 'Sign in', exact: true });
const email = (page: Page) => page.getByLabel('Email');
const password = (page: Page) => page.getByLabel('Password', { exact: true });

describe('sign-in screen (spec §2, §5, §8)', () => {
  const product = useProduct();

  it('enables submit only for a text@text.text email without spaces and a password of 6+ characters', async () => {
    const page = await product.page();
    await page.goto('/sign-in');
    // The page arrives prerendered with its button disabled: the rules hold once the app has hydrated it.
    await email(page).fill('a@b.co');
    await password(page).fill('123456');
    await expect.poll(() => submit(page).isEnabled()).toBe(true);
    const cases: [string, string, boolean][] = [
      ['', '', false],
      ['a@b.co', '', false],
      ['a@b.co', '12345', false],
      ['a@b.co', '123456', true],
      ['ab.co', '123456', false],
      ['a@bco', '123456', false],
      ['a b@c.de', '123456', false],
      ['a@b.c d', '123456', false],
      ['a@b.', '123456', false],
      ['first.last@sub.example.org', 'secret', true],
    ];
    for (const [emailValue, passwordValue, enabled] of cases) {
      await email(page).fill(emailValue);
      await password(page).fill(passwordValue);
      expect(await submit(page).isEnabled(), `${emailValue} / ${passwordValue}`).toBe(enabled);
    }
  });

  it('has the providers as form posts with the CSRF token, a show-password toggle, remember-me and the links', async () => {
    const page = await product.page();
    await page.goto('/sign-in');
    const meta = await page.locator('meta[name="csrf-token"]').getAttribute('content');
    expect(meta).toBeTruthy();
    for (const provider of ['google_oauth2', 'slack_openid']) {
      const form = page.locator(`form[action="/users/auth/${provider}"]`);
      expect(await form.getAttribute('method')).toBe('post');
      expect(await form.locator('input[name="authenticity_token"]').inputValue()).toBe(meta);
    }
    await password(page).fill('hunter22');
    expect(await password(page).getAttribute('type')).toBe('password');
    // A click before the app has hydrated the prerendered page is lost.
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Show password' }).click();
        return password(page).getAttribute('type');
      })
      .toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password(page).getAttribute('type')).toBe('password');
    await page.getByRole('checkbox', { name: 'Remember me' }).waitFor();
    expect(await page.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/users/password/new');
    expect(await page.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/sign-up');
  });

  it("shows 'Invalid email or password. Please try again.' for a wrong password", async () => {
    const context = await product.context();
    const { user } = await product.signedUp({ onboarded: false });
    const page = await context.newPage();
    await page.goto('/sign-in');
    await email(page).fill(user.email);
    await password(page).fill('wrong password');
    await submit(page).click();
    await page.getByText('Invalid email or password. Please try again.').waitFor();
    expect(await storedUser(page)).toBeNull();
  });

  it('shows server field errors under the fields', async () => {
    const page = await product.page();
    await page.goto('/sign-in');
    // Valid for the button, too long for the API: the answer carries field errors for email and password.
    await email(page).fill(`${'a'.repeat(250)}@example.test`);
    await password(page).fill('p'.repeat(200));
    await submit(page).click();
    const emailError = page.locator('input[name="email"]').locator('xpath=ancestor::div[1]/following-sibling::p[@role="alert"]');
    const passwordError = page.locator('input[name="password"]').locator('xpath=ancestor::div[1]/following-sibling::p[@role="alert"]');
    await emailError.waitFor();
    await passwordError.waitFor();
    expect(await email(page).getAttribute('aria-invalid')).toBe('true');
    expect(await password(page).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Invalid email or password. Please try again.').count()).toBe(0);
  });

  it('signs in with remember-me, stores the user and goes to the dashboard', async () => {
    const { user } = await product.signedUp();
    const page = await product.page();
    const bodies: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/users/sign_in')) bodies.push(request.postData() ?? '');
    });
    await page.goto('/sign-in');
    await email(page).fill(user.email);
    await password(page).fill(PASSWORD);
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await submit(page).click();
    await waitForPath(page, '/dashboard');
    expect(JSON.parse(bodies[0] ?? '{}')).toEqual({ email: user.email, password: PASSWORD, remember_me: '1' });
    expect((await storedUser(page))?.id).toBe(user.id);
    const session = (await page.context().cookies()).find((cookie) => cookie.httpOnly && cookie.expires > Date.now() / 1000 + 20 * 86400);
    expect(session, 'remember-me gives a long-lived session cookie').toBeDefined();
  });

  it('works under a language prefix and calls the API under it', async () => {
    const { user } = await product.signedUp();
    const page = await product.page();
    const apiPaths: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.includes('/api/')) apiPaths.push(path);
    });
    await page.goto('/de/sign-in');
    await email(page).fill(user.email);
    await password(page).fill(PASSWORD);
    await submit(page).click();
    await waitForPath(page, '/de/dashboard');
    expect(apiPaths).toContain('/de/api/v1/users/sign_in');
    expect(apiPaths.filter((path) => !path.startsWith('/de/api/v1/'))).toEqual([]);
  });
});
