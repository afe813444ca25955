import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaFile } from '../../api/test/support/fixtures/media.ts';
import { CAPTURED_PAGE_EVENTS, submit, submitBody, tusUpload } from '../../api/test/support/fixtures/recording.ts';
import { EU_WORKSPACE, INTERCOM_CLIENT, startIntercomServer, type IntercomServer } from '../../api/test/support/intercom-server.ts';
import { completeOnboarding, signInOwner, signUpOwner } from '../recording/owner.ts';
import { useBrowser, useServer } from '../support/product.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/integrations');

async function shot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `intercom-${name}.png`), fullPage: true });
}

let intercom: IntercomServer | undefined;
const running = useServer(async () => {
  intercom = await startIntercomServer();
  return {
    INTERCOM_CLIENT_ID: INTERCOM_CLIENT.id,
    INTERCOM_CLIENT_SECRET: INTERCOM_CLIENT.secret,
    INTERCOM_AUTHORIZE_URL: intercom.authorizeUrl,
    INTERCOM_API_URL: intercom.apiUrls.us,
    INTERCOM_EU_API_URL: intercom.apiUrls.eu,
    INTERCOM_AU_API_URL: intercom.apiUrls.au,
  };
});
const chromium = useBrowser();
afterAll(async () => {
  await intercom?.close();
});

describe('Intercom: connect an EU workspace, ask from a conversation, the note comes back', () => {
  it('the owner connects Intercom through its consent page; a link made in the inbox app is recorded; the admin note is in the sync log', async () => {
    const server = running.server;
    const owner = await signUpOwner(server.url, 'Conversation Cartographers');
    await completeOnboarding(owner);
    intercom!.consentAs(EU_WORKSPACE);
    intercom!.addConversation(EU_WORKSPACE, '8801', 'Checkout spins forever', { name: 'Grace Hopper', email: 'grace@customer.example' });

    const context = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 1000 } }));
    await signInOwner(context, owner);
    const page = await context.newPage();
    await page.goto(`${server.url}/my/integrations`);
    const card = page.locator('[data-integration="intercom"]');
    await card.getByRole('button', { name: 'Connect Intercom' }).click();
    await page.getByText(`Connect Showback to ${EU_WORKSPACE.name}`).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Authorize access' }).click();
    await card.getByText(`Connected to ${EU_WORKSPACE.name}`).waitFor({ timeout: 30_000 });
    await card.getByText('hosted in Europe').waitFor();

    // The agent clicks "Create recording link" in the inbox app (Intercom's signed submit request); the customer records.
    const answer = await intercom!.canvasRequest(`${server.url}/api/v1/integrations/intercom/canvas/submit`, '8801', { componentId: 'create_recording_link' });
    expect(answer.status).toBe(200);
    const { canvas } = (await answer.json()) as { canvas: { content: { components: { type: string; value?: string }[] } } };
    const link = canvas.content.components.find((c) => c.type === 'input')!.value!;
    const token = link.split('/r/')[1]!;
    const uploadId = await tusUpload(server.url, await mediaFile('h264-opus-fmp4', 2), { token });
    expect((await submit(server.url, token, submitBody(uploadId, { events: CAPTURED_PAGE_EVENTS }))).status).toBe(201);

    // The note reaches the conversation; the card's sync log shows it after Refresh.
    for (let i = 0; intercom!.notes('8801').length === 0; i++) {
      expect(i).toBeLessThan(600);
      await new Promise((r) => setTimeout(r, 100));
    }
    await card.getByRole('button', { name: 'Refresh' }).click();
    await card.getByRole('cell', { name: '#8801' }).first().waitFor({ timeout: 30_000 });
    await card.getByRole('columnheader', { name: 'Conversation' }).waitFor();
    await shot(page, '1-card');

    const [note] = intercom!.notes('8801');
    const view = await context.newPage();
    await view.setContent(`<!doctype html><title>Note</title><body style="font:14px system-ui;max-width:700px;margin:2rem;background:#fff8e1"><h2>Admin note by ${note!.author.name} on conversation #8801</h2>${note!.body}</body>`);
    await shot(view, '2-note');
  }, 240_000);
});
