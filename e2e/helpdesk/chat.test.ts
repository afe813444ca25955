import { describe, expect, it } from 'vitest';
import { screenshot, waitForAppShell } from '../auth/session.ts';
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
});
