import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { GITHUB_USER, githubEnv, startGitHubServer, type GitHubServer } from '../../api/test/support/github-server.ts';
import { startLinearServer, type LinearServer } from '../../api/test/support/linear-server.ts';
import { signInOwner } from '../recording/owner.ts';
import { ownerWithReadyRecording } from '../support/escalation-scenario.ts';
import { linearEnv } from '../../api/test/support/fixtures/linear.ts';
import { connectLinearOnCard } from '../support/linear-card.ts';
import { useBrowser, useServer } from '../support/product.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/integrations');

async function shot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

let linear: LinearServer | undefined;
let github: GitHubServer | undefined;
const running = useServer(async () => {
  linear = await startLinearServer();
  github = await startGitHubServer();
  return { ...linearEnv(linear), ...githubEnv(github) };
});
const chromium = useBrowser();
afterAll(async () => {
  await linear?.close();
  await github?.close();
});

describe('Issue trackers (Linear, GitHub): connect, escalate a recording, follow the issue', () => {
  it('the owner connects Linear through its consent page, creates an issue from a ready recording, and sees it move to Done by webhook; then the same in GitHub, closed there', async () => {
    const server = running.server;
    const { owner, id } = await ownerWithReadyRecording(server.url, 'Escalation Engines');

    const context = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 1000 } }));
    await signInOwner(context, owner);
    const page = await context.newPage();
    await page.goto(`${server.url}/my/integrations`);
    await connectLinearOnCard(page);
    await shot(page, 'linear-1-card');

    await page.goto(`${server.url}/my/recordings/${id}`);
    const panel = page.getByTestId('linear-issue');
    await panel.getByRole('button', { name: 'Create issue in Linear' }).click();
    const link = panel.getByRole('link', { name: /^ENG-\d+$/ });
    await link.waitFor({ timeout: 30_000 });
    await panel.getByText('Triage').waitFor();
    const [issue] = linear!.issues();
    expect(await link.getAttribute('href')).toBe(issue!.url);
    expect(linear!.attachments(issue!.id).map((a) => a.url)).toEqual([`${server.url}/my/recordings/${id}`]);

    // The issue is done in Linear: its signed webhook reaches Showback and the page (asking every few seconds) shows it.
    const hook = await linear!.sendWebhook(`${server.url}/api/v1/integrations/linear/webhook`, linear!.moveIssue(issue!.id, 'Done'));
    expect(hook.status).toBe(200);
    await panel.getByText('Done', { exact: true }).waitFor({ timeout: 30_000 });
    await shot(page, 'linear-2-recording-with-issue');

    // The issue's description as the local Linear stored it, for a person to read.
    await fs.writeFile(path.join(SHOTS, 'linear-issue-body.md'), issue!.description ?? '');
    const body = await context.newPage();
    await body.setContent(`<!doctype html><title>${issue!.identifier}</title><body style="font:14px system-ui;max-width:900px;margin:2rem"><h1>${issue!.identifier} ${issue!.title}</h1><pre style="white-space:pre-wrap">${(issue!.description ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre></body>`);
    await shot(body, 'linear-3-issue-body');

    // The same recording to GitHub: Authorize on GitHub's page, the repository, "Create issue in GitHub".
    await page.goto(`${server.url}/my/integrations`);
    const githubCard = page.locator('[data-integration="github"]');
    await githubCard.getByRole('button', { name: 'Connect GitHub' }).click();
    await page.getByRole('link', { name: 'Authorize' }).click();
    await githubCard.getByText(`Connected to ${GITHUB_USER.login}`).waitFor({ timeout: 30_000 });
    await githubCard.getByLabel('Repository for new issues').selectOption({ label: 'acme/shop (private)' });
    await page.getByText('Repository saved.').waitFor({ timeout: 30_000 });
    await shot(page, 'github-1-card');

    await page.goto(`${server.url}/my/recordings/${id}`);
    const githubPanel = page.getByTestId('github-issue');
    await githubPanel.getByRole('button', { name: 'Create issue in GitHub' }).click();
    await githubPanel.getByRole('link', { name: 'acme/shop#1' }).waitFor({ timeout: 30_000 });
    await githubPanel.getByText('Open', { exact: true }).waitFor();
    const [closed] = await github!.setState('acme/shop', 1, 'closed', 'completed');
    expect(closed!.status).toBe(200);
    await githubPanel.getByText('Closed: completed').waitFor({ timeout: 30_000 });
    await shot(page, 'github-2-recording-with-issue');
    const [stored] = github!.issues('acme/shop');
    await fs.writeFile(path.join(SHOTS, 'github-issue-body.md'), stored!.body);
  }, 300_000);
});
