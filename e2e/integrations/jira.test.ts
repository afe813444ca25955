import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { JIRA_CLIENT, JIRA_SITE, startJiraServer, type JiraServer } from '../../api/test/support/jira-server.ts';
import { signInOwner } from '../recording/owner.ts';
import { ownerWithReadyRecording } from '../support/escalation-scenario.ts';
import { useBrowser, useServer } from '../support/product.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/integrations');

async function shot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `jira-${name}.png`), fullPage: true });
}

let jira: JiraServer | undefined;
const running = useServer(async () => {
  jira = await startJiraServer((registered) => registered.replace(/^https?:\/\/[^/]+/, running.server.url));
  return { JIRA_CLIENT_ID: JIRA_CLIENT.id, JIRA_CLIENT_SECRET: JIRA_CLIENT.secret, ATLASSIAN_AUTH_URL: jira.url, ATLASSIAN_API_URL: jira.url };
});
const chromium = useBrowser();
afterAll(async () => {
  await jira?.close();
});

describe('Jira: connect, escalate a recording, follow the issue', () => {
  it('the owner connects Jira on its consent page, picks the project, creates an issue from a ready recording and sees it move to Done by webhook', async () => {
    const server = running.server;
    const { owner, id } = await ownerWithReadyRecording(server.url, 'Jira Escalations');

    const context = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 1000 } }));
    await signInOwner(context, owner);
    const page = await context.newPage();
    await page.goto(`${server.url}/my/integrations`);
    const card = page.locator('[data-integration="jira"]');
    await card.getByRole('button', { name: 'Connect Jira' }).click();
    await page.getByText('Showback is requesting access to your Atlassian account').waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Accept' }).click();
    await card.getByText(`Connected to ${JIRA_SITE.name}`).waitFor({ timeout: 30_000 });
    await card.getByLabel('Project for new issues').selectOption({ label: 'Engineering (ENG)' });
    await page.getByText('Saved.', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await card.getByLabel('Issue type').inputValue()).toBe('10004');
    await card.scrollIntoViewIfNeeded();
    await shot(page, '1-card');

    await page.goto(`${server.url}/my/recordings/${id}`);
    const panel = page.getByTestId('jira-issue');
    await panel.getByRole('button', { name: 'Create issue in Jira' }).click();
    const link = panel.getByRole('link', { name: /^ENG-\d+$/ });
    await link.waitFor({ timeout: 30_000 });
    await panel.getByText('To Do').waitFor();
    const [issue] = jira!.issues();
    expect(await link.getAttribute('href')).toBe(`${JIRA_SITE.url}/browse/${issue!.key}`);
    expect(issue!.attachments.map((a) => a.filename)).toEqual([`showback-requests-${id.slice(0, 8)}.har`]);

    // Done in Jira: the JWT-signed webhook reaches Showback and the page (asking every few seconds) shows it.
    const [hook] = await jira!.transition(issue!.key, 'Done');
    expect(hook!.status).toBe(200);
    await panel.getByText('Done', { exact: true }).waitFor({ timeout: 30_000 });
    await shot(page, '2-recording-with-issue');
    await fs.writeFile(path.join(SHOTS, 'jira-issue-description.json'), JSON.stringify(issue!.description, null, 2));
  }, 240_000);
});
