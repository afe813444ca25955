import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { RecordingRequest, Submission, User } from '@showback/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { csrf, PASSWORD, uniqueEmail, waitForMail } from '../auth/session.ts';
import { useProduct, type SignedUp } from '../support/product.ts';
import { makeMp4, submitVideo } from './submitVideo.ts';

const TITLE = 'Checkout button does nothing';
/** Where the closing screenshots go (the comment thread on the timeline, wide and on a phone). */
const SHOTS = '/work/notes/shots/collab';

/**
 * Reviewing together: a member comments at 0:03 mentioning the owner, the marker under the video seeks it; the owner
 * sees the unread marker, gets the email, replies, resolves, and finds the recording by the list's state filter.
 */
describe('review: comments, mentions and the review state', () => {
  const product = useProduct();
  let owner: SignedUp;
  let member: SignedUp;
  let submissionId = '';

  /** Invited by the owner (the trial's seats), signed up with the emailed link: a member of the owner's team. */
  async function joinAsMember(inviter: SignedUp, name: string): Promise<SignedUp> {
    const email = uniqueEmail('member');
    const invited = await inviter.context.request.post('/api/v1/team/invitations', { headers: { 'X-CSRF-Token': await csrf(inviter.context) }, data: { email, role: 'member' } });
    expect(invited.status()).toBe(201);
    const link = new URL(/https?:\/\/\S+/.exec((await waitForMail(product.server, email)).text)![0]);
    const context = await product.context();
    const joined = await context.request.post('/api/v1/users/sign_up', {
      headers: { 'X-CSRF-Token': await csrf(context) },
      data: { name, email, password: PASSWORD, password_confirmation: PASSWORD, invitation_token: link.searchParams.get('invitation_token') },
    });
    expect(joined.status()).toBe(201);
    return { context, page: await context.newPage(), user: (await joined.json()) as User };
  }

  beforeAll(async () => {
    const started = Date.now();
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-comments-'));
    try {
      const [clip] = await Promise.all([
        makeMp4(tmp, 6),
        (async () => {
          owner = await product.signedUp({ name: 'Olivia Owner', account_name: 'Analytical Engines' });
          member = await joinAsMember(owner, 'Mia Member');
        })(),
      ]);
      const recorded = Date.now();
      const created = await owner.context.request.post('/api/v1/requests', { headers: { 'X-CSRF-Token': await csrf(owner.context) }, data: { title: TITLE } });
      const request = (await created.json()) as RecordingRequest;
      submissionId = (await submitVideo(product.server.url, request.token, clip)).id;
      await vi.waitFor(
        async () => {
          const { status } = (await (await owner.context.request.get(`/api/v1/submissions/${submissionId}`)).json()) as Submission;
          if (status !== 'ready') throw new Error(`the recording is ${status}`);
        },
        { timeout: 60_000, interval: 250 },
      );
      console.log(`comments scenario: set-up ${Date.now() - started} ms, of which the recording ${Date.now() - recorded} ms`);
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
    await fs.mkdir(SHOTS, { recursive: true });
  });

  const videoTime = (page: Page) => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

  it('a pinned comment with a mention, the marker seeking, the unread marker, the email, a reply, resolve and the filter', async () => {
    const { page } = member;
    await page.goto(`/my/recordings/${submissionId}`);
    await page.locator('video').evaluate((video: HTMLVideoElement) => (video.readyState >= 1 ? undefined : new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }))));

    const box = page.getByRole('combobox', { name: 'Write a comment' });
    await box.click();
    await page.keyboard.type('@Oli');
    await page.getByRole('listbox', { name: 'Team members' }).getByRole('option', { name: /Olivia Owner/, selected: true }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => box.inputValue()).toBe('@Olivia Owner ');
    await page.keyboard.type('the 500 shows here, after Pay');
    await expect.poll(() => box.inputValue()).toBe('@Olivia Owner the 500 shows here, after Pay');
    const moment = page.getByRole('textbox', { name: 'Moment (m:ss)' });
    await moment.click({ clickCount: 3 });
    await page.keyboard.type('0:03');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();

    const comment = page.getByTestId('comment').filter({ hasText: 'the 500 shows here' });
    await comment.locator('mark', { hasText: '@Olivia Owner' }).waitFor();
    const marker = page.getByRole('button', { name: 'Comment at 0:03 by Mia Member' });
    await marker.click();
    await expect.poll(() => videoTime(page)).toBeCloseTo(3, 0);
    await page.screenshot({ path: path.join(SHOTS, 'comment-thread-1280.png'), fullPage: true });

    // The owner: the unread marker in the list, then the email.
    await owner.page.goto('/my/recordings');
    const row = owner.page.getByTestId('submission-item').filter({ hasText: TITLE });
    await expect.poll(() => row.getByTestId('unread').textContent()).toBe('1 new comment');
    const mail = await waitForMail(product.server, owner.user.email);
    expect(mail.subject).toBe(`Mia Member mentioned you on “${TITLE}”`);
    expect(mail.text).toContain(`/my/recordings/${submissionId}?t=3`);

    await row.getByRole('link', { name: TITLE }).click();
    const thread = owner.page.getByTestId('comment').filter({ hasText: 'the 500 shows here' });
    await thread.getByRole('button', { name: 'Reply', exact: true }).click();
    await owner.page.keyboard.type('On it, thanks');
    await thread.getByRole('button', { name: 'Reply', exact: true }).click();
    await thread.getByTestId('comment').filter({ hasText: 'On it, thanks' }).waitFor();
    await owner.page.getByTestId('review-controls').getByLabel('State').selectOption('resolved');
    await owner.page.getByText('History (1)').waitFor();

    await owner.page.getByRole('link', { name: 'All recordings' }).click();
    await owner.page.getByRole('group', { name: 'Filter recordings' }).getByLabel('State').selectOption('resolved');
    await owner.page.waitForURL(/state=resolved/);
    await expect.poll(() => owner.page.getByTestId('submission-item').count()).toBe(1);
    await owner.page.getByRole('group', { name: 'Filter recordings' }).getByLabel('State').selectOption('open');
    await owner.page.getByText('No recordings match these filters.').waitFor();
    // Opened since: no unread marker any more.
    await owner.page.getByRole('group', { name: 'Filter recordings' }).getByLabel('State').selectOption('');
    await expect.poll(() => owner.page.getByTestId('submission-item').filter({ hasText: TITLE }).getByTestId('unread').count()).toBe(0);

    const phone = await product.page(360, { storageState: await member.context.storageState() });
    await phone.goto(`/my/recordings/${submissionId}`);
    await phone.getByText('On it, thanks').waitFor();
    await phone.getByTestId('comment-markers').scrollIntoViewIfNeeded();
    await phone.screenshot({ path: path.join(SHOTS, 'comment-thread-360.png'), fullPage: true });
  });
});
