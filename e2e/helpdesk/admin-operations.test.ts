import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { confirmInDialog, csrf, runSql, screenshot, waitForAppShell } from '../auth/session.ts';
import { useProduct } from '../support/product.ts';
import { customerAndStaff } from './people.ts';

/** The screen at 1280 px and at 360 px, then back to 1280. */
async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await page.setViewportSize({ width: 360, height: 740 });
  await screenshot(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

// An operator revokes a customer's recording link and re-runs a failed recording from /donkey; every list is shown.
describe('admin operations', () => {
  const product = useProduct();

  it('revokes a recording link (the old link stops working), re-runs a failed submission, and lists invitations, deliveries and zaps', async () => {
    const { customer, staff } = await customerAndStaff(product, { name: 'Rosa Requester', account_name: 'Rosa Repairs' });
    const headers = { 'X-CSRF-Token': await csrf(customer.context) };
    const request = await (await customer.context.request.post('/api/v1/requests', { headers, data: { title: 'Printer jams on page two' } })).json();
    await customer.context.request.post('/api/v1/team/invitations', { headers, data: { email: 'new.colleague@example.test', role: 'member' } });
    // What the product records as it works (a recording whose processing failed, its failed webhook and email, a zap),
    // in one statement: each statement restarts the embedded database.
    await runSql(
      product.server,
      `with s as (
         insert into submissions (account_id, request_id, client_submission_id, upload_id, source, mime_type, recipient_email, original_size, client_duration_ms, status, processing_attempts, processing_error)
         values ($1, $2, gen_random_uuid(), 'e2e-' || gen_random_uuid(), 'link', 'video/webm', 'paula@example.test', 1843200, 42000, 'failed', 3, 'The file has no video track.') returning id),
       e as (insert into alert_events (account_id, type, submission_id, fanned_out_at) select $1, 'submission.failed', s.id, now() from s returning id),
       d as (
         insert into alert_deliveries (event_id, account_id, channel, target, status, attempts, last_status, last_excerpt, duration_ms, last_attempt_at)
         select e.id, $1, c.channel, c.target, 'failed', 6, c.code, c.excerpt, 180, now()
         from e, (values ('webhook', gen_random_uuid()::text, 500, 'Internal Server Error'), ('email', $3, null::int, 'Mailbox unavailable')) as c(channel, target, code, excerpt)
         returning id)
       insert into zapier_subscriptions (account_id, event, target_url) values ($1, 'new_recording', 'https://hooks.zapier.com/hooks/standard/1234/abcd')`,
      [customer.user.account.id, request.id, customer.user.email],
    );
    const page = staff.page;

    await page.goto('/donkey/recording-requests');
    await waitForAppShell(page);
    await page.getByRole('heading', { name: 'Recording requests', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'Printer jams on page two', exact: true }).waitFor();
    await bothWidths(page, 'donkey-recording-requests');
    await page.getByRole('button', { name: 'Revoke link Printer jams on page two' }).click();
    await confirmInDialog(page, 'Revoke the link of “Printer jams on page two”?', 'Revoke link');
    await page.getByText('The link of “Printer jams on page two” was revoked and a new one issued.').waitFor();
    await page.getByText('revoked 1×').waitFor();
    await page.getByRole('button', { name: 'Rosa Repairs' }).click();
    await page.waitForURL((url) => url.searchParams.get('account_id') === customer.user.account.id);
    await page.getByText('Only the account Rosa Repairs').waitFor();

    const recipient = await product.page();
    await recipient.goto(`/r/${request.token}`);
    await recipient.getByText('This recording link is no longer active').waitFor();

    await page.goto('/donkey/submissions');
    await page.getByLabel('Status').selectOption('failed');
    await page.waitForURL((url) => url.searchParams.get('status') === 'failed');
    await page.getByRole('button', { name: 'Details Printer jams on page two' }).click();
    await page.getByRole('heading', { name: 'Processing error' }).waitFor();
    await bothWidths(page, 'donkey-submissions');
    await page.getByRole('button', { name: 'Process again' }).first().click();
    await confirmInDialog(page, 'Process this recording again?', 'Process again');
    await page.getByText('Processing was queued again.').waitFor();

    await page.goto('/donkey/invitations');
    await page.getByRole('cell', { name: 'new.colleague@example.test', exact: true }).waitFor();
    await bothWidths(page, 'donkey-invitations');
    await page.goto('/donkey/webhook-deliveries?status=failed');
    await page.getByText('Internal Server Error').waitFor();
    await bothWidths(page, 'donkey-webhook-deliveries');
    await page.goto('/donkey/notification-deliveries');
    await page.getByText('Mailbox unavailable').waitFor();
    await bothWidths(page, 'donkey-notification-deliveries');
    await page.goto('/donkey/zapier-subscriptions');
    await page.getByText('https://hooks.zapier.com/hooks/standard/1234/abcd').waitFor();
    await bothWidths(page, 'donkey-zapier-subscriptions');

    await page.goto('/donkey');
    await page.getByText('Revoked a recording link').waitFor();
    await page.getByText('Processed a submission again').waitFor();
    await bothWidths(page, 'donkey-home-actions');
  });
});
