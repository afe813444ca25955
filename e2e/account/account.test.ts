import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, screenshot, setRole, storedUser, uniqueEmail, waitForAppShell, waitForPath } from '../auth/session.ts';
import { useProduct } from '../support/product.ts';

const form = (page: Page, name: string) => page.getByRole('form', { name });
const invalid = (scope: Locator, field: string) => scope.locator(`input[name="${field}"][aria-invalid="true"]`);
/** The message shown under a field: the element its aria-describedby names first. */
const errorUnder = (scope: Locator, field: string) =>
  scope.locator(`input[name="${field}"]`).evaluate((input) => document.getElementById((input.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '')?.textContent ?? '');

async function openAccount(page: Page): Promise<void> {
  await page.goto('/my/account');
  await waitForAppShell(page);
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
}

// /my/account: profile and password through PUT /users/me, workspace through PUT /account, billing, sign-out.
describe('account page', () => {
  const product = useProduct();

  it('saves name and email, asking for the current password only for a new email, with errors under the fields', async () => {
    const taken = (await product.signedUp({ onboarded: false })).user.email;
    const { page } = await product.signedUp({ name: 'Jane Before' });
    await openAccount(page);
    const profile = form(page, 'Profile');

    expect(await profile.getByLabel('Name').inputValue()).toBe('Jane Before');
    await profile.getByLabel('Name').fill('   ');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await invalid(profile, 'name').waitFor();
    expect(await errorUnder(profile, 'name')).toMatch(/blank/);

    await profile.getByLabel('Name').fill('Jane After');
    expect(await profile.getByLabel('Current password').count()).toBe(0);
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile has been saved.').waitFor();
    expect((await storedUser(page))?.name).toBe('Jane After');

    // A new email needs the current password.
    const newEmail = uniqueEmail('moved');
    await profile.getByLabel('Email').fill(newEmail);
    await profile.getByLabel('Current password').fill('not my password');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await invalid(profile, 'current_password').waitFor();
    expect(await errorUnder(profile, 'current_password')).toMatch(/invalid/);

    await profile.getByLabel('Email').fill(taken);
    await profile.getByLabel('Current password').fill(PASSWORD);
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await invalid(profile, 'email').waitFor();
    expect(await errorUnder(profile, 'email')).not.toBe('');

    await profile.getByLabel('Email').fill(newEmail);
    await profile.getByLabel('Current password').fill(PASSWORD);
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile has been saved.').waitFor();
    expect((await storedUser(page))?.email).toBe(newEmail);
    expect(await profile.getByLabel('Current password').count()).toBe(0);
    // The sidebar shows who is signed in from the same stored user.
    await page.getByText(`Signed in as ${newEmail}`).first().waitFor({ state: 'attached' });

    await page.reload();
    await page.getByRole('form', { name: 'Profile' }).getByLabel('Name').waitFor();
    expect(await form(page, 'Profile').getByLabel('Name').inputValue()).toBe('Jane After');
    expect(await form(page, 'Profile').getByLabel('Email').inputValue()).toBe(newEmail);
  });

  it('changes the password (errors under the fields), signs out, and signs in with the new one', async () => {
    const { page, user } = await product.signedUp();
    await openAccount(page);
    const passwordForm = form(page, 'Password');
    const submit = passwordForm.getByRole('button', { name: 'Change password' });
    const fill = async (current: string, next: string, confirmation: string) => {
      await passwordForm.getByLabel('Current password').fill(current);
      await passwordForm.getByLabel('New password', { exact: true }).fill(next);
      await passwordForm.getByLabel('Confirm new password').fill(confirmation);
      await submit.click();
    };

    await fill(PASSWORD, 'new password 1', 'new password 2');
    await invalid(passwordForm, 'password_confirmation').waitFor();
    await fill('wrong password', 'new password 1', 'new password 1');
    await invalid(passwordForm, 'current_password').waitFor();
    await fill(PASSWORD, '123', '123');
    await invalid(passwordForm, 'password').waitFor();

    await fill(PASSWORD, 'new password 1', 'new password 1');
    await page.getByText('Your password has been changed.').waitFor();
    expect(await passwordForm.getByLabel('Current password').inputValue()).toBe('');
    // The session it was changed in stays signed in.
    await page.reload();
    await waitForAppShell(page);
    expect(new URL(page.url()).pathname).toBe('/my/account');

    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    await waitForPath(page, '/sign-in');
    expect(await storedUser(page)).toBeNull();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Invalid email or password. Please try again.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('new password 1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/dashboard');
  });

  it('lets the owner rename the workspace and shows the billing section', async () => {
    const { page } = await product.signedUp({ account_name: 'Old Name Ltd' });
    await openAccount(page);
    const workspace = form(page, 'Workspace');
    expect(await workspace.getByLabel('Workspace name').inputValue()).toBe('Old Name Ltd');
    await workspace.getByLabel('Workspace name').fill('');
    await workspace.getByRole('button', { name: 'Save workspace' }).click();
    await page.getByText('The workspace could not be saved', { exact: false }).or(invalid(workspace, 'account_name')).first().waitFor();

    await workspace.getByLabel('Workspace name').fill('New Name GmbH');
    await workspace.getByRole('button', { name: 'Save workspace' }).click();
    await page.getByText('The workspace has been saved.').waitFor();
    expect((await storedUser(page))?.account.name).toBe('New Name GmbH');

    const billing = page.getByTestId('billing-section');
    await billing.getByTestId('billing-usage').waitFor();
    expect(await billing.getByTestId('billing-usage').textContent()).toMatch(/^\d+ \/ \d+$/);
    expect((await billing.getByTestId('billing-plan').textContent())?.trim()).not.toBe('');

    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await screenshot(page, 'account');
    }
  });

  // Last: it restarts the server to change a role in the database.
  it('shows a member the workspace name without a form', async () => {
    const { page, user } = await product.signedUp({ account_name: 'Members Only' });
    await setRole(product.server, user.id, 'member');
    await openAccount(page);
    await page.getByText('Only the owner or an admin of Members Only can change its settings.').waitFor();
    expect(await form(page, 'Workspace').count()).toBe(0);
    await form(page, 'Profile').waitFor();
  });
});
