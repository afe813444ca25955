import { describe, it } from 'vitest';
import { confirmInDialog, runSql, screenshot, waitForAppShell } from '../auth/session.ts';
import { useProduct } from '../support/product.ts';
import { customerAndStaff } from './people.ts';

// A system admin opens a user from the users list, extends their trial and sends a password reset, each after a
// confirm, and finds both in the page's audit log; on an enterprise account they set a seat limit; the customer follows
// up on their support request.
describe('user detail', () => {
  const product = useProduct();

  it('extends a trial and sends a password reset from the user page, both audited; the customer follows up on /support', async () => {
    const { customer, staff } = await customerAndStaff(product, { name: 'Uma Detail', account_name: 'Uma Detail Co' });
    const { page: mine } = customer;
    await mine.goto('/support');
    await mine.getByLabel('Subject').fill('Cannot find the export');
    await mine.getByLabel('What happened?').fill('Where do I download the MP4 of a recording?');
    await mine.getByRole('button', { name: 'Send request' }).click();
    await mine.getByRole('heading', { name: 'Cannot find the export' }).waitFor();
    await mine.getByLabel('Add a reply').fill('Found it under the recording, thanks. One more: can I rename it?');
    await mine.getByRole('button', { name: 'Send reply' }).click();
    await mine.getByText('Your reply was added.', { exact: false }).waitFor();
    await mine.getByText('One more: can I rename it?', { exact: false }).waitFor();
    await screenshot(mine, 'support-follow-up');
    await mine.setViewportSize({ width: 360, height: 740 });
    await screenshot(mine, 'support-follow-up');

    const page = staff.page;
    await page.goto(`/donkey/users?q=${encodeURIComponent(customer.user.email)}`);
    await waitForAppShell(page);
    await page.getByRole('link', { name: 'Uma Detail' }).click();
    await page.getByRole('heading', { name: 'Uma Detail', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Cannot find the export' }).waitFor();

    await page.getByLabel('By days').fill('10');
    await page.getByRole('button', { name: 'Extend trial' }).click();
    await confirmInDialog(page, 'Extend the trial of Uma Detail Co?', 'Extend trial');
    await page.getByText('The trial of Uma Detail Co now ends', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Send password reset' }).click();
    await confirmInDialog(page, `Email ${customer.user.email} a password reset link?`, 'Send password reset');
    await page.getByText(`A password reset link was emailed to ${customer.user.email}.`).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Sent a password reset' }).waitFor();
    await page.reload();
    await page.getByRole('listitem').filter({ hasText: 'Extended a trial' }).waitFor();
    await screenshot(page, 'donkey-user-detail');
    await page.setViewportSize({ width: 360, height: 740 });
    await screenshot(page, 'donkey-user-detail');

    await page.getByRole('link', { name: 'Open the account' }).click();
    await page.getByRole('heading', { name: 'Uma Detail Co', level: 1 }).waitFor();
    await screenshot(page, 'donkey-account-detail');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'donkey-account-detail');

    await runSql(product.server, "update accounts set plan = 'enterprise' where id = $1", [customer.user.account.id]);
    await page.reload();
    await page.getByLabel('Seats').fill('5');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await confirmInDialog(page, 'Set the limits of Uma Detail Co?', 'Save limits');
    await page.getByText('The limits of Uma Detail Co were saved.').waitFor();
    await page.getByText('1 / 5').waitFor();
    await screenshot(page, 'donkey-account-enterprise');
    await page.setViewportSize({ width: 360, height: 740 });
    await screenshot(page, 'donkey-account-enterprise');
  });
});
