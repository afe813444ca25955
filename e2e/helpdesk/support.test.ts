import { describe, expect, it } from 'vitest';
import { screenshot, waitForAppShell, waitForMail } from '../auth/session.ts';
import { useProduct } from '../support/product.ts';
import { customerAndStaff } from './people.ts';

// A customer opens a support request on /support; a system admin answers it from /donkey/support-requests; the
// customer gets the answer by email and sees it on /support.
describe('support requests', () => {
  const product = useProduct();

  it('a customer asks, staff answer and close, the customer reads the answer', async () => {
    const { customer, staff } = await customerAndStaff(product, { name: 'Carla Customer' });

    const page = customer.page;
    await page.goto('/support');
    await waitForAppShell(page);
    await page.getByText('You have not opened a support request yet.').waitFor();
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText("can't be blank").first().waitFor();
    await page.getByLabel('Subject').fill('Export button does nothing');
    await page.getByLabel('What happened?').fill('I click Export on a recording and nothing happens. <script>alert(1)</script>');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Your request was sent. We emailed you a confirmation.').waitFor();
    await page.getByRole('heading', { name: 'Export button does nothing' }).waitFor();
    // Typed markup is text: shown as written, never run.
    await page.getByText('<script>alert(1)</script>', { exact: false }).waitFor();
    expect(await page.getByText('Open', { exact: true }).count()).toBe(1);
    await screenshot(page, 'support-request-opened');
    expect((await waitForMail(product.server, customer.user.email)).subject).toBe('We received your request: Export button does nothing');

    const admin = staff.page;
    await admin.goto('/donkey/support-requests');
    await waitForAppShell(admin);
    await admin.getByRole('button', { name: /Export button does nothing/ }).click();
    await admin.getByLabel('Your reply').fill('Thanks! This is fixed in today’s release; please reload the page.');
    await screenshot(admin, 'donkey-support-requests');
    await admin.getByRole('button', { name: 'Send and close' }).click();
    await admin.getByText(`Reply sent to ${customer.user.email}.`).waitFor();
    // The inbox starts on open requests: the closed one left it.
    await admin.getByText('No support requests match.').waitFor();
    expect(new URL(admin.url()).searchParams.get('id')).toMatch(/^[0-9a-f-]{36}$/);

    const reply = await waitForMail(product.server, customer.user.email, 0);
    expect(reply.subject).toBe('Re: Export button does nothing');
    await page.reload();
    await page.getByText('Thanks! This is fixed in today’s release; please reload the page.').waitFor();
    await page.getByText('Closed', { exact: true }).waitFor();
    await screenshot(page, 'support-request-answered');
  });

  it('a signed-in customer who is not a system admin is sent away from the inbox', async () => {
    const { page } = await product.signedUp();
    await page.goto('/donkey/support-requests');
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });
});
