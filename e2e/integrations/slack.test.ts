import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SLACK_CLIENT, SLACK_TEAM, startSlackServer, type SlackServer } from '../../api/test/support/slack-server.ts';
import { completeOnboarding, signInOwner, signUpOwner } from '../recording/owner.ts';
import { useBrowser, useServer } from '../support/product.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/integrations');

async function shot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `slack-${name}.png`), fullPage: true });
}

let slack: SlackServer | undefined;
const running = useServer(async () => {
  slack = await startSlackServer(250);
  return { SLACK_CLIENT_ID: SLACK_CLIENT.id, SLACK_CLIENT_SECRET: SLACK_CLIENT.secret, SLACK_API_URL: slack.apiUrl, SLACK_AUTHORIZE_URL: slack.authorizeUrl };
});
const chromium = useBrowser();
afterAll(async () => {
  await slack?.close();
});

describe('/my/integrations: the Slack card', () => {
  it('connects through Slack’s OAuth pages, picks a channel, sends a test, reverts a failed save and disconnects', async () => {
    const server = running.server;
    const owner = await signUpOwner(server.url, 'Chatty Support');
    await completeOnboarding(owner);
    const context = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 1000 } }));
    await signInOwner(context, owner);
    const page = await context.newPage();
    await page.goto(`${server.url}/my/integrations`);
    const card = page.locator('[data-integration="slack"]');
    await card.getByText('Post every new recording to a channel').waitFor();

    // Cancel on Slack's page comes back with the spec's text.
    await card.getByRole('button', { name: 'Connect Slack' }).click();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await card.getByRole('alert').filter({ hasText: 'Failed to connect to Slack' }).waitFor();
    await shot(page, '1-connect-refused');

    await card.getByRole('button', { name: 'Connect Slack' }).click();
    await page.getByText(`access the ${SLACK_TEAM.name} Slack workspace`).waitFor();
    await page.getByRole('link', { name: 'Allow' }).click();
    await card.getByText(`Connected to ${SLACK_TEAM.name}`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/my/integrations');
    expect(new URL(page.url()).search).toBe('');
    await expect(card.getByRole('checkbox', { name: 'Enable notifications' }).isChecked()).resolves.toBe(true);

    // All 250 channels arrive over two pages of conversations.list.
    const select = card.getByLabel('Default channel');
    await expect.poll(() => select.locator('option').count()).toBe(251);
    await select.selectOption({ label: '#channel-217' });
    await expect.poll(async () => (await (await fetch(`${server.url}/api/v1/integrations/slack/status`, { headers: owner.headers })).json()).default_channel_name).toBe('channel-217');

    await card.getByRole('button', { name: 'Send test message' }).click();
    await page.getByText('Test message sent.').waitFor();
    expect(slack!.callsTo('chat.postMessage').at(-1)!.form.channel).toBe('C00217');
    await shot(page, '2-connected-test-sent');

    // Slack refuses the next test: the toast is titled 'Test failed' with the error, and the card shows the error state.
    slack!.answerNextPosts({ error: 'not_in_channel' });
    await card.getByRole('button', { name: 'Send test message' }).click();
    const failedToast = page.getByText('Test failed');
    await failedToast.waitFor();
    await card.getByRole('alert').filter({ hasText: 'Showback is not a member of #channel-217' }).waitFor();
    await card.getByText('Connected', { exact: true }).waitFor();
    const error = async () => (await (await fetch(`${server.url}/api/v1/integrations/slack/status`, { headers: owner.headers })).json()).error;
    await expect.poll(error).toContain('not a member');
    await shot(page, '3-test-failed');
    // Picking another channel is the fix for a channel problem.
    await select.selectOption({ label: '#channel-003' });
    await card.getByText('Showback is not a member').waitFor({ state: 'detached' });
    await expect.poll(error).toBeNull();

    // The server goes away: switching notifications off fails, the toggle goes back on and the banner says why.
    await server.kill();
    const toggle = card.getByRole('checkbox', { name: 'Enable notifications' });
    await toggle.click();
    await card.getByRole('alert').filter({ hasText: 'Failed to update settings' }).waitFor();
    await expect(toggle.isChecked()).resolves.toBe(true);
    await shot(page, '4-save-failed-reverted');
    await server.start();

    await page.reload();
    await card.getByText(`Connected to ${SLACK_TEAM.name}`).waitFor();
    // A dismissed confirm changes nothing; an accepted one disconnects and revokes the token at Slack.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await expect(card.getByText(`Connected to ${SLACK_TEAM.name}`).isVisible()).resolves.toBe(true);
    const revokes = slack!.callsTo('auth.revoke').length;
    let confirmText = '';
    page.once('dialog', (dialog) => {
      confirmText = dialog.message();
      void dialog.accept();
    });
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await card.getByRole('button', { name: 'Connect Slack' }).waitFor();
    expect(confirmText).toContain('Disconnect Slack?');
    expect(slack!.callsTo('auth.revoke').length).toBe(revokes + 1);
    await shot(page, '5-disconnected');
  });
});
