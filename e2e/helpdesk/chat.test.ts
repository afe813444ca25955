import { describe, expect, it } from 'vitest';
import { csrf, screenshot, waitForAppShell, waitForPath } from '../auth/session.ts';
import { useProduct } from '../support/product.ts';
import { customerAndStaff } from './people.ts';

// A customer chats from two open tabs; a system admin answers from /donkey/chats; both tabs show the answer live.
describe('chat', () => {
  const product = useProduct();

  it('delivers messages live to both of the customer’s tabs and to the staff inbox, as text', async () => {
    const { customer, staff } = await customerAndStaff(product, { name: 'Carla Customer' });

    const tabOne = customer.page;
    const tabTwo = await customer.context.newPage();
    for (const tab of [tabOne, tabTwo]) {
      await tab.goto('/chat');
      await waitForAppShell(tab);
      await tab.getByText('No messages yet. Say hello, we are here to help.').waitFor();
      await tab.getByRole('status').getByText('Live').waitFor();
    }
    await tabOne.getByLabel('Message').fill('Hi! My <img src=x onerror=alert(1)> upload is stuck');
    await tabOne.getByLabel('Message').press('Enter');
    for (const tab of [tabOne, tabTwo]) await tab.getByRole('log').getByText('Hi! My <img src=x onerror=alert(1)> upload is stuck').waitFor();
    expect(await tabTwo.locator('img[src="x"]').count()).toBe(0);

    const admin = staff.page;
    await admin.goto('/donkey/chats');
    await waitForAppShell(admin);
    const conversation = admin.getByRole('button', { name: /Carla Customer/ });
    await conversation.getByText('1', { exact: true }).waitFor();
    await conversation.click();
    await admin.getByRole('log').getByText('upload is stuck', { exact: false }).waitFor();
    // Opening it reads it: the unread badge goes.
    await expect.poll(() => conversation.getByText('1', { exact: true }).count(), { timeout: 10_000 }).toBe(0);
    await admin.getByLabel('Message').fill('Sorry about that! Could you try again now?');
    await admin.getByRole('button', { name: 'Send' }).click();
    await screenshot(admin, 'donkey-chats');

    for (const tab of [tabOne, tabTwo]) await tab.getByRole('log').getByText('Sorry about that! Could you try again now?').waitFor();
    await tabTwo.getByLabel('Message').fill('It works now, thanks!');
    await tabTwo.getByRole('button', { name: 'Send' }).click();
    await tabOne.getByRole('log').getByText('It works now, thanks!').waitFor();
    await admin.getByRole('log').getByText('It works now, thanks!').waitFor();
    await screenshot(tabOne, 'chat-customer');
  });

  it('offers Support and Chat in the sidebar and the phone menu, with a badge for the team’s unread replies', async () => {
    const { customer, staff } = await customerAndStaff(product, { name: 'Nina Navigates' });
    const page = customer.page;
    await page.goto('/dashboard');
    await waitForAppShell(page);
    const nav = page.getByRole('navigation', { name: 'App navigation' });
    await nav.getByRole('link', { name: 'Support', exact: true }).click();
    await waitForPath(page, '/support');
    await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor();
    await nav.getByRole('link', { name: 'Chat with us', exact: true }).click();
    await waitForPath(page, '/chat');
    await page.getByLabel('Message').fill('Where do I find my invoices?');
    await page.getByLabel('Message').press('Enter');
    await page.getByRole('log').getByText('Where do I find my invoices?').waitFor();
    await nav.getByRole('link', { name: 'Recordings', exact: true }).click();
    // Until the next page has rendered, /chat is still on screen and would read the answer at once.
    await page.getByRole('heading', { name: 'Recordings', level: 1 }).waitFor();

    // The team answers (from /donkey/chats, tested above); the next page the customer opens shows the badge.
    const inbox = await (await staff.context.request.get(`/api/v1/admin/chats?q=${encodeURIComponent(customer.user.email)}`)).json() as { items: { id: string }[] };
    const answered = await staff.context.request.post(`/api/v1/admin/chats/${inbox.items[0]!.id}/messages`, { headers: { 'X-CSRF-Token': await csrf(staff.context) }, data: { body: 'Under Account, in Manage billing.' } });
    expect(answered.status()).toBe(201);
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await waitForPath(page, '/dashboard');
    await nav.getByRole('link', { name: 'Chat with us, 1 unread', exact: true }).waitFor();
    expect(await nav.getByTestId('chat-unread').textContent()).toBe('1');
    await screenshot(page, 'sidebar-chat-badge');

    // On a phone the closed menu says so too; the links are one tap away.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Open menu, 1 unread' }).click();
    await nav.getByRole('link', { name: 'Support', exact: true }).waitFor();
    await screenshot(page, 'mobile-menu-chat-badge');
    await nav.getByRole('link', { name: 'Chat with us, 1 unread', exact: true }).click();
    await waitForPath(page, '/chat');
    await page.getByRole('log').getByText('Under Account, in Manage billing.').waitFor();
    // Read on /chat: the badge goes, here and on the next page (the server has the read position).
    await page.getByRole('button', { name: 'Open menu', exact: true }).click();
    await nav.getByRole('link', { name: 'Chat with us', exact: true }).waitFor();
    await nav.getByRole('link', { name: 'Support', exact: true }).click();
    await waitForPath(page, '/support');
    await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Open menu', exact: true }).click();
    await nav.getByRole('link', { name: 'Chat with us', exact: true }).waitFor();
    expect(await nav.getByTestId('chat-unread').count()).toBe(0);
  });
});
