import { describe, expect, it } from 'vitest';
import { chooseNewPassword, requestReset, resetLink } from '../auth/password-reset-steps.ts';
import { PASSWORD, pathOf, screenshot, waitForAppShell } from '../auth/session.ts';
import { useProduct } from '../support/product.ts';
import { customerAndStaff } from './people.ts';

// A system admin disables a user from /donkey/users; the user is signed out and cannot sign in until enabled again,
// not even with a password reset link mailed before.
describe('disabling a user', () => {
  const product = useProduct();

  it('the disabled user is refused at sign-in and by an earlier reset link, with a message saying so', async () => {
    const { customer: victim, staff } = await customerAndStaff(product, { name: 'Dora Disabled' });
    const stranger = await product.page();
    const before = Date.now();
    await requestReset(stranger, victim.user.email);
    const link = await resetLink(product.server, victim.user.email, before);

    const admin = staff.page;
    await admin.goto(`/donkey/users?q=${encodeURIComponent(victim.user.email)}`);
    await waitForAppShell(admin);
    // The product's own dialog asks first: Escape cancels and gives focus back to the button, nothing changes.
    const disable = admin.getByRole('button', { name: `Disable ${victim.user.email}` });
    await disable.click();
    const ask = admin.getByRole('dialog', { name: `Disable ${victim.user.email}?` });
    await ask.getByText('their open sessions end now').waitFor();
    await screenshot(admin, 'donkey-disable-confirm');
    expect(await ask.getByRole('button', { name: 'Cancel' }).evaluate((button) => button === document.activeElement)).toBe(true);
    await admin.keyboard.press('Escape');
    await ask.waitFor({ state: 'hidden' });
    expect(await disable.evaluate((button) => button === document.activeElement)).toBe(true);
    // Confirmed with the keyboard alone: Enter reopens it, Tab moves from Cancel to Disable, Enter confirms.
    await admin.keyboard.press('Enter');
    await ask.waitFor();
    await admin.keyboard.press('Tab');
    await admin.keyboard.press('Enter');
    await admin.getByText(`${victim.user.email} is disabled.`).waitFor();
    await admin.getByRole('button', { name: `Enable ${victim.user.email}` }).waitFor();
    await screenshot(admin, 'donkey-users-disabled');

    // Their open session has ended: the next page load asks them to sign in.
    await victim.page.goto('/dashboard');
    await victim.page.waitForURL((url) => url.pathname === '/sign-in');
    await victim.page.getByLabel('Email').fill(victim.user.email);
    await victim.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await victim.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await victim.page.getByText('This user has been disabled. Please contact Showback support.').waitFor();
    expect(new URL(victim.page.url()).pathname).toBe('/sign-in');

    // Whoever holds the earlier link is refused the same way, stays signed out, and the password stays as it was.
    await chooseNewPassword(stranger, link, 'taken over 42');
    await stranger.getByText('This user has been disabled. Please contact Showback support.').waitFor();
    await screenshot(stranger, 'reset-link-of-disabled-user');
    expect(pathOf(stranger)).toMatch(/^\/users\/password\/edit\?/);
    expect(await stranger.getByText('You are signed in').count()).toBe(0);
    expect(await stranger.getByLabel('New password', { exact: true }).count()).toBe(0);
    await stranger.getByRole('link', { name: 'Contact Showback support' }).waitFor();
  });
});
