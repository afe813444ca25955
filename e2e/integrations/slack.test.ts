import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SLACK_CLIENT, SLACK_TEAM, startSlackServer, type SlackServer } from '../../api/test/support/slack-server.ts';
import { confirmInDialog } from '../auth/session.ts';
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
    // A cancelled confirm changes nothing; a confirmed one disconnects and revokes the token at Slack.
    const revokes = slack!.callsTo('auth.revoke').length;
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await confirmInDialog(page, 'Disconnect Slack?', 'Cancel');
    await expect(card.getByText(`Connected to ${SLACK_TEAM.name}`).isVisible()).resolves.toBe(true);
    expect(slack!.callsTo('auth.revoke').length).toBe(revokes);
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await confirmInDialog(page, 'Disconnect Slack?', 'Disconnect');
    await card.getByRole('button', { name: 'Connect Slack' }).waitFor();
    expect(slack!.callsTo('auth.revoke').length).toBe(revokes + 1);
    await shot(page, '5-disconnected');
  });

  it('shows the server’s message when loading the Slack or Teams status fails, and still offers to connect Slack', async () => {
    const server = running.server;
    const owner = await signUpOwner(server.url, 'Gateway Trouble');
    await completeOnboarding(owner);
    const context = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 1000 } }));
    await signInOwner(context, owner);
    const page = await context.newPage();
    // What a gateway in front of the API answers when the API behind it is down: a JSON body with only a message.
    const answers: Record<string, { status: number; body: unknown }> = {
      slack: { status: 502, body: { message: 'Upstream API is restarting, try again in a minute' } },
      teams: { status: 422, body: { message: 'Teams status is unavailable for this account' } },
    };
    await page.route(/\/api\/v1\/integrations\/(slack|teams)\/status$/, (route) => {
      const answer = answers[/(slack|teams)\/status$/.exec(route.request().url())![1]!]!;
      const html = typeof answer.body === 'string';
      return route.fulfill({ status: answer.status, contentType: html ? 'text/html' : 'application/json', body: html ? (answer.body as string) : JSON.stringify(answer.body) });
    });
    await page.goto(`${server.url}/my/integrations`);
    const card = page.locator('[data-integration="slack"]');
    await card.getByRole('alert').filter({ hasText: 'Upstream API is restarting, try again in a minute' }).waitFor();
    await card.getByText('Post every new recording to a channel').waitFor();
    await card.getByRole('button', { name: 'Connect Slack' }).waitFor();
    await page.locator('[data-integration="teams"]').getByRole('alert').filter({ hasText: 'Teams status is unavailable for this account' }).waitFor();
    await shot(page, '6-status-failed-server-message');

    // Our own error body (a 500 with its code) carries a message too; a body without one falls back to the default.
    answers.slack = { status: 500, body: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.', status: 500 } };
    answers.teams = { status: 502, body: '<html>Bad gateway</html>' };
    await page.reload();
    await card.getByRole('alert').filter({ hasText: 'Something went wrong on our side. Please try again.' }).waitFor();
    await page.locator('[data-integration="teams"]').getByRole('alert').filter({ hasText: 'Failed to load Teams status' }).waitFor();

    // Connecting from the failed state still works once the API answers again.
    await page.unroute(/\/api\/v1\/integrations\/(slack|teams)\/status$/);
    await card.getByRole('button', { name: 'Connect Slack' }).click();
    await page.getByText(`access the ${SLACK_TEAM.name} Slack workspace`).waitFor();
  });
});
