import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startMicrosoftServers, teamsEnvFor, type MicrosoftServers } from '../../api/test/support/microsoft-servers.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../api/test/support/webhook-receiver.ts';
import { confirmInDialog } from '../auth/session.ts';
import { completeOnboarding, signInOwner, signUpOwner } from '../recording/owner.ts';
import { useBrowser, useServer } from '../support/product.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/integrations');

async function shot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `teams-${name}.png`), fullPage: true });
}

let microsoft: MicrosoftServers | undefined;
let receiver: WebhookReceiver | undefined;
const running = useServer(async () => {
  microsoft = await startMicrosoftServers();
  receiver = await startWebhookReceiver();
  return teamsEnvFor(microsoft);
});
const chromium = useBrowser();
afterAll(async () => {
  await receiver?.close();
  await microsoft?.close();
});

describe('/my/integrations: the Microsoft Teams card', () => {
  it('is coming soon until connected through the authorize flow; then team, channel, webhook (configured), test, disconnect', async () => {
    const server = running.server;
    const owner = await signUpOwner(server.url, 'Teams Support');
    await completeOnboarding(owner);
    const context = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 1100 } }));
    await signInOwner(context, owner);
    const page = await context.newPage();
    await page.goto(`${server.url}/my/integrations`);
    const card = page.locator('[data-integration="teams"]');
    await card.getByText('Coming soon').waitFor();
    await expect(card.getByRole('button').count()).resolves.toBe(0);
    await shot(page, '1-coming-soon');

    // The card offers no connect button (spec §4); the authorize call exists, so an operator's link starts it.
    const { authorize_url } = (await (await fetch(`${server.url}/api/v1/integrations/teams/authorize`, { headers: owner.headers })).json()) as { authorize_url: string };
    await page.goto(authorize_url);
    await page.getByRole('link', { name: 'Accept' }).click();
    await card.getByText('Connected', { exact: true }).waitFor();
    await expect(card.getByRole('checkbox', { name: 'Enable notifications' }).isChecked()).resolves.toBe(true);
    await expect(card.getByLabel('Channel', { exact: true }).count()).resolves.toBe(0);

    const team = card.getByLabel('Team', { exact: true });
    await expect.poll(() => team.locator('option').count()).toBe(4);
    await team.selectOption({ label: 'Support' });
    const channel = card.getByLabel('Channel', { exact: true });
    await expect.poll(() => channel.locator('option').count()).toBe(3);
    await channel.selectOption({ label: 'General' });
    const status = async () => (await (await fetch(`${server.url}/api/v1/integrations/teams/status`, { headers: owner.headers })).json()) as Record<string, unknown>;
    await expect.poll(async () => (await status()).channel_name).toBe('General');
    expect(await status()).toMatchObject({ team_id: 'team-support', team_name: 'Support', channel_id: '19:general@thread.tacv2', webhook_configured: false });

    // Spec §5: a test without a webhook and an empty webhook are refused with warnings; nothing is sent. The test
    // button is aria-disabled (shown disabled, still clickable so that it can say why): Playwright needs force.
    const test = card.getByRole('button', { name: 'Send test message' });
    await expect(test.getAttribute('aria-disabled')).resolves.toBe('true');
    await test.click({ force: true });
    await page.getByText('Save a webhook URL before sending a test message.').waitFor();
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Enter the webhook URL first.').waitFor();
    await shot(page, '2-warnings');
    expect(receiver!.received).toHaveLength(0);

    await card.getByText('How to get the webhook URL').click();
    await card.getByText('Post to a channel when a webhook request is received').waitFor();
    const field = card.getByLabel('Workflows webhook URL');
    await field.fill(`${receiver!.url}/workflows/showback`);
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Webhook saved.').waitFor();
    await expect(field.inputValue()).resolves.toBe('(configured)');
    expect((await status()).webhook_configured).toBe(true);
    await shot(page, '3-webhook-configured');
    // Saving the placeholder again sends nothing (once the first warning has gone, so the next one is new).
    await page.getByText('Enter the webhook URL first.').waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Enter the webhook URL first.').waitFor();

    await expect(test.getAttribute('aria-disabled')).resolves.toBe('false');
    await test.click();
    await page.getByText('Test message sent.').waitFor();
    const [post] = await receiver!.waitFor(1);
    expect(JSON.parse(post!.body)).toMatchObject({ type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard' } }] });
    await shot(page, '4-test-sent');

    await card.getByRole('button', { name: 'Disconnect' }).click();
    await confirmInDialog(page, 'Disconnect Microsoft Teams?', 'Disconnect');
    await card.getByText('Coming soon').waitFor();
    expect((await status()).connected).toBe(false);
  });
});
