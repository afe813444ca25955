import { describe, expect, it } from 'vitest';
import { PASSWORD, screenshot, waitForAppShell } from '../auth/session.ts';
import { useProduct } from '../support/product.ts';
import { customerAndStaff } from './people.ts';

// A system admin disables a user from /donkey/users; the user is signed out and cannot sign in until enabled again.
describe('disabling a user', () => {
  const product = useProduct();

  it('the disabled user is refused at sign-in with a message saying so', async () => {
    const { customer: victim, staff } = await customerAndStaff(product, { name: 'Dora Disabled' });

    const admin = staff.page;
    await admin.goto(`/donkey/users?q=${encodeURIComponent(victim.user.email)}`);
    await waitForAppShell(admin);
    admin.once('dialog', (dialog) => void dialog.accept());
    await admin.getByRole('button', { name: `Disable ${victim.user.email}` }).click();
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
  });
});
