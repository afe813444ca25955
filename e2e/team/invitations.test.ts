import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { RecordingRequest } from '@showback/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, csrf, firstAdminFrom, pathOf, runSql, screenshot, storedUser, uniqueEmail, waitForAppShell, waitForMail, waitForPath } from '../auth/session.ts';
import { makeMp4, submitVideo } from '../review/submitVideo.ts';
import { seriousViolations } from '../support/accessibility.ts';
import { layoutShifts, watchLayoutShifts } from '../support/layout-shift.ts';
import { useProduct } from '../support/product.ts';

const WORKSPACE = 'Helpdesk Heroes';
const TITLE = 'Invoice page shows the wrong total';

// Issue #15: an owner on Growth invites a colleague, who signs up through the emailed link and joins the workspace.
describe('team: invite a colleague, who joins through the emailed link', () => {
  const product = useProduct();
  let owner: BrowserContext;
  let ownerPage: Page;
  let tmp: string;
  const colleagueEmail = uniqueEmail('colleague');
  let invitationLink = '';

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-team-'));
    const signedUp = await product.signedUp({ name: 'Olivia Owner', account_name: WORKSPACE });
    owner = signedUp.context;
    ownerPage = signedUp.page;
    // Other suites share two cores with this one: give slow moments room without hiding a real hang.
    owner.setDefaultTimeout(60_000);
    // A paid Growth plan (2 seats), as the Stripe sync would store it.
    await runSql(product.server, 'UPDATE accounts SET plan = $1 WHERE id = $2', ['growth', signedUp.user.account.id]);
    const created = await owner.request.post('/api/v1/requests', { headers: { 'X-CSRF-Token': await csrf(owner) }, data: { title: TITLE } });
    expect(created.status()).toBe(201);
    const request = (await created.json()) as RecordingRequest;
    await submitVideo(product.server.url, request.token, await makeMp4(tmp), { recipient: { name: 'Rita Recipient', email: 'rita@example.test' } });
  });
  afterAll(async () => {
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('the owner invites a colleague as a member from /my/team', async () => {
    await ownerPage.goto('/my/team');
    await ownerPage.getByRole('heading', { name: 'Team', exact: true }).waitFor();
    await ownerPage.getByTestId('team-member').filter({ hasText: 'Olivia Owner' }).waitFor();
    expect(await ownerPage.getByTestId('team-seats').textContent()).toContain('1 of 2 seats used');
    await ownerPage.getByRole('button', { name: 'Invite a colleague' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Invite a colleague' });
    await dialog.getByLabel('Email').fill(colleagueEmail);
    await dialog.getByLabel('Role').selectOption('member');
    await screenshot(ownerPage, 'team-invite-dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await ownerPage.getByText(`Invitation sent to ${colleagueEmail}.`).waitFor();
    const row = ownerPage.getByTestId('team-invitation').filter({ hasText: colleagueEmail });
    await expect(row.textContent()).resolves.toMatch(/Member.*Olivia Owner/);
    expect(await ownerPage.getByTestId('team-seats').textContent()).toContain('2 of 2 seats used');
    await screenshot(ownerPage, 'team-owner-pending');
    expect(await seriousViolations(ownerPage)).toEqual([]);

    // Every seat of Growth is taken: the next invitation is refused with the upgrade link.
    await ownerPage.getByRole('button', { name: 'Invite a colleague' }).click();
    await dialog.getByLabel('Email').fill(uniqueEmail('third'));
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('The Growth plan has 2 seats').waitFor();
    await dialog.getByRole('link', { name: 'Upgrade for more seats' }).waitFor();
    await screenshot(ownerPage, 'team-seat-limit');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('the invitation email is in the local mailbox, read by the system admin', async () => {
    const admin = firstAdminFrom(product.server.output());
    const mailbox = await product.context();
    const signedIn = await mailbox.request.post('/api/v1/users/sign_in', { headers: { 'X-CSRF-Token': await csrf(mailbox) }, data: { email: admin.email, password: admin.password, remember_me: '0' } });
    expect(signedIn.status()).toBe(200);
    const page = await mailbox.newPage();
    await page.goto('/dev/mailbox');
    await page.getByRole('link', { name: `Olivia Owner invited you to ${WORKSPACE} on Showback` }).click();
    const link = page.getByRole('link', { name: /\/sign-up\?invitation_token=/ });
    invitationLink = (await link.getAttribute('href'))!;
    expect(invitationLink.startsWith(`${product.server.url}/sign-up?invitation_token=`)).toBe(true);
    await expect(page.locator('body').textContent()).resolves.toContain(`Olivia Owner invited you to join the workspace "${WORKSPACE}" on Showback as a member.`);
    await screenshot(page, 'team-invitation-email');
  });

  it('the colleague signs up through the link in another browser and lands in the workspace, without onboarding', async () => {
    const colleague = await product.context();
    colleague.setDefaultTimeout(60_000);
    const page = await colleague.newPage();
    await watchLayoutShifts(page);
    await page.goto(invitationLink);
    await page.getByRole('heading', { name: `Join ${WORKSPACE} on Showback` }).waitFor();
    await page.getByText(`Olivia Owner invited you to join ${WORKSPACE} as a member.`).waitFor();
    // The page is prerendered for a plain sign-up: from the link it paints in the invited shape and fills in the
    // invitation without moving what was painted (issue #26: CLS ≤ 0.02).
    const { cls, shifts } = await layoutShifts(page);
    expect(cls, shifts.join('\n')).toBeLessThanOrEqual(0.02);
    expect(await page.getByLabel('Email').inputValue()).toBe(colleagueEmail);
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Company or team name').count()).toBe(0);
    await screenshot(page, 'team-invited-sign-up');
    expect(await seriousViolations(page, 'form')).toEqual([]);

    await page.getByLabel('Your name').fill('Colin Colleague');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/dashboard');
    await waitForAppShell(page);
    expect(await storedUser(page)).toMatchObject({ email: colleagueEmail, role: 'member', account: { name: WORKSPACE } });

    await page.goto('/my/recordings');
    await page.getByText(TITLE).first().waitFor();
    expect(pathOf(page)).toBe('/my/recordings');
    await screenshot(page, 'team-colleague-recordings');

    // Members see the team, and nothing to change it with.
    await page.goto('/my/team');
    await page.getByTestId('team-member').filter({ hasText: 'Colin Colleague' }).waitFor();
    await page.getByText('Only the account owner or an admin may invite people.').waitFor();
    expect(await page.getByRole('button', { name: 'Invite a colleague' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Remove/ }).count()).toBe(0);
    await screenshot(page, 'team-member-view');

    // The link worked once.
    const again = await (await product.context(360)).newPage();
    await again.goto(invitationLink);
    await again.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor();
    await again.getByText('This invitation has already been used.').waitFor();
    await screenshot(again, 'team-invitation-used');

    // The owner makes them an admin: their next page shows the controls.
    await ownerPage.goto('/my/team');
    const row = ownerPage.getByTestId('team-member').filter({ hasText: 'Colin Colleague' });
    await expect(row.textContent()).resolves.toContain(colleagueEmail);
    await row.getByLabel('Role of Colin Colleague').selectOption('admin');
    await ownerPage.getByText('Colin Colleague is now Admin.').waitFor();
    await screenshot(ownerPage, 'team-owner-members');
    expect(await seriousViolations(ownerPage)).toEqual([]);
    const phone = await product.page(360, { storageState: await owner.storageState() });
    await phone.goto('/my/team');
    await phone.getByTestId('team-member').filter({ hasText: 'Colin Colleague' }).waitFor();
    await screenshot(phone, 'team-owner-members');
    await page.reload();
    await page.getByRole('button', { name: 'Invite a colleague' }).waitFor();

    // Removed: their session ends at once.
    await row.getByRole('button', { name: 'Remove Colin Colleague' }).click();
    const confirmRemove = ownerPage.getByRole('dialog', { name: 'Remove Colin Colleague from the workspace?' });
    await confirmRemove.getByRole('button', { name: 'Remove', exact: true }).click();
    await ownerPage.getByText('Colin Colleague was removed from the workspace.').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await ownerPage.getByTestId('team-member').count()).toBe(1);
    await page.goto('/my/recordings');
    await waitForPath(page, /^\/sign-in/);
    await page.context().close();
  });

  it('the owner hands the workspace to an admin, after a confirm', async () => {
    const adminEmail = uniqueEmail('new-owner');
    const invited = await owner.request.post('/api/v1/team/invitations', { headers: { 'X-CSRF-Token': await csrf(owner) }, data: { email: adminEmail, role: 'admin' } });
    expect(invited.status()).toBe(201);
    const link = new URL(/https?:\/\/\S+/.exec((await waitForMail(product.server, adminEmail)).text)![0]);
    const admin = await product.context();
    const joined = await admin.request.post('/api/v1/users/sign_up', {
      headers: { 'X-CSRF-Token': await csrf(admin) },
      data: { name: 'Ada Admin', email: adminEmail, password: PASSWORD, password_confirmation: PASSWORD, invitation_token: link.searchParams.get('invitation_token') },
    });
    expect(joined.status()).toBe(201);

    await ownerPage.goto('/my/team');
    const row = ownerPage.getByTestId('team-member').filter({ hasText: 'Ada Admin' });
    await row.getByRole('button', { name: 'Make owner' }).click();
    // The dialog opens with Cancel focused, so Enter alone never hands the workspace over.
    const confirmTransfer = ownerPage.getByRole('dialog', { name: 'Make Ada Admin the owner of this workspace?' });
    await confirmTransfer.getByRole('button', { name: 'Cancel' }).waitFor();
    expect(await confirmTransfer.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await confirmTransfer.getByRole('button', { name: 'Make owner' }).click();
    await ownerPage.getByText('Ada Admin is now the owner.').waitFor();
    await expect(row.textContent()).resolves.toContain('Owner');
    await expect(ownerPage.getByTestId('team-member').filter({ hasText: 'Olivia Owner' }).getByLabel('Role of Olivia Owner').inputValue()).resolves.toBe('admin');
    expect(await ownerPage.getByRole('button', { name: 'Make owner' }).count()).toBe(0);
    expect(await storedUser(ownerPage)).toMatchObject({ role: 'admin' });
    await screenshot(ownerPage, 'team-ownership-transferred');
  });
});
