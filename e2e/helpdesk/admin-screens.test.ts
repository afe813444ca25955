import { describe, it } from 'vitest';
import { confirmInDialog, firstAdminFrom, runSql, screenshot, waitForAppShell } from '../auth/session.ts';
import { useProduct } from '../support/product.ts';
import { customerAndStaff } from './people.ts';

// The admin dashboard and its users and accounts lists, as a system admin sees them.
describe('admin screens', () => {
  const product = useProduct();

  it('shows the figures, the chart and the audit log, and finds users and accounts', async () => {
    const { customer, staff } = await customerAndStaff(product, { name: 'Olga Operator-Customer', account_name: 'Olga Widgets' });
    await runSql(product.server, "update accounts set plan = 'growth' where id = $1", [customer.user.account.id]);
    const page = staff.page;

    await page.goto('/donkey');
    await waitForAppShell(page);
    await page.getByRole('heading', { name: 'Submissions per day, last 30 days' }).waitFor();
    await page.getByText('Sign-ups · Today').waitFor();
    // Staff were made system admins by the first one (customerAndStaff): the audit log's one action so far.
    const firstAdmin = firstAdminFrom(product.server.output()).email;
    await page.getByRole('row').filter({ hasText: 'Made a system admin' }).filter({ hasText: firstAdmin }).waitFor();
    await screenshot(page, 'donkey-home');

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByRole('cell', { name: customer.user.email, exact: true }).waitFor();
    await page.getByLabel('Search').fill('olga');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Results: 1').waitFor();
    await page.waitForURL((url) => url.searchParams.get('q') === 'olga');
    await screenshot(page, 'donkey-users');
    await page.getByRole('button', { name: `Make system admin ${customer.user.email}` }).click();
    await confirmInDialog(page, `Make ${customer.user.email} a system admin?`, 'Make system admin');
    await page.getByText(`System admin rights of ${customer.user.email} changed.`).waitFor();
    await page.getByRole('button', { name: `Remove system admin ${customer.user.email}` }).waitFor();

    await page.goto('/donkey/accounts');
    await page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
    await page.getByLabel('Plan').selectOption('growth');
    await page.getByText('Results: 1').waitFor();
    await page.getByRole('cell', { name: 'Olga Widgets' }).waitFor();
    await screenshot(page, 'donkey-accounts');
  });
});
