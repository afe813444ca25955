import fs from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { RecordingRequest, SubmissionList } from '@showback/contract';
import { describe, expect, it } from 'vitest';
import { csrf, runSql } from '../auth/session.ts';
import { installClock, startRecording, step, stopRecording, submit } from '../recording/recorder-page.ts';
import { seriousViolations } from '../support/accessibility.ts';
import { useProduct } from '../support/product.ts';
import { ACME_LOGO, brandThroughAccountPage, expectBranded, type Brand } from '../branding/brandAccount.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../test-results/branded-subdomain');
const BASE = 'showback.test';

const file = async (page: Page, name: string): Promise<string> => {
  await fs.mkdir(SHOTS, { recursive: true });
  return path.join(SHOTS, `${page.viewportSize()?.width ?? 0}-${name}.png`);
};
const shot = async (page: Page, name: string) => page.screenshot({ path: await file(page, name), fullPage: true });
const shotOf = async (element: Locator, page: Page, name: string) => element.screenshot({ path: await file(page, name) });

// Issue #18: an owner on Scale picks a subdomain; the customer records through the link on it, which Chromium
// resolves to the loopback server. Plain http is a secure context only on localhost, so the subdomain is marked as one.
describe('branded subdomain', () => {
  const product = useProduct({
    env: { BRANDED_BASE_DOMAIN: BASE },
    media: () => ({
      screenCapture: true,
      args: [`--host-resolver-rules=MAP *.${BASE} 127.0.0.1`, `--unsafely-treat-insecure-origin-as-secure=http://acme.${BASE}:${product.server.port}`],
    }),
  });

  it('an owner on Scale sets acme; the customer records through http://acme.showback.test/r/… with the brand, and no cookie is set there', async () => {
    const { page, context, user } = await product.signedUp({ account_name: 'Acme Holdings Ltd' });
    await runSql(product.server, "update accounts set plan = 'scale' where id = $1", [user.account.id]);
    const brand: Brand = { name: 'Acme Support', color: '#14532d', logo: ACME_LOGO };
    await brandThroughAccountPage(page, brand);

    const form = page.getByRole('form', { name: 'Branded subdomain' });
    const field = form.getByLabel('Subdomain');
    await field.fill('ab');
    await form.getByText('The subdomain must be at least 3 characters.').waitFor();
    await field.fill('www');
    await form.getByRole('button', { name: 'Save subdomain' }).click();
    await form.getByText('The subdomain is reserved.').waitFor();
    await field.fill('Acme');
    await form.getByRole('button', { name: 'Save subdomain' }).click();
    const origin = `http://acme.${BASE}:${product.server.port}`;
    await page.getByTestId('subdomain-status').filter({ hasText: `Active: recording links are shown on ${origin}.` }).waitFor();
    const card = page.locator('section, div').filter({ has: page.getByRole('heading', { name: 'Branded subdomain' }) }).last();
    await shotOf(card, page, 'account-subdomain');
    await page.setViewportSize({ width: 360, height: 740 });
    await shotOf(card, page, 'account-subdomain');

    const created = await context.request.post('/api/v1/requests', { headers: { 'X-CSRF-Token': await csrf(context) }, data: { title: 'Show us the checkout bug', microphone: 'off', fields: { name: 'off', email: 'off', note: 'off' } } });
    const request = (await created.json()) as RecordingRequest;
    expect(request.link_url).toBe(`${origin}/r/${request.token}`);
    // The dashboard shows the link on the subdomain too.
    await page.goto('/my/requests');
    const shownLink = page.getByLabel(`Recording link for ${request.title}`);
    await shownLink.waitFor();
    expect(await shownLink.inputValue()).toBe(request.link_url);

    for (const width of [360, 1280]) {
      const customerContext = await product.context(width);
      await installClock(customerContext);
      const customer = await customerContext.newPage();
      await customer.goto(request.link_url);
      await step(customer, 'instructions').waitFor();
      await expectBranded(customer, brand);
      expect(await seriousViolations(customer, '.shell')).toEqual([]);
      await shot(customer, 'recorder-on-subdomain');
      if (width === 1280) {
        await startRecording(customer);
        await customer.getByRole('timer').filter({ hasText: '0:01' }).waitFor();
        await expectBranded(customer, brand);
        await stopRecording(customer);
        await expectBranded(customer, brand);
        await submit(customer);
        await expectBranded(customer, brand);
        expect(await customer.locator('[data-step="done"]').innerText()).toContain(brand.name);
        await shot(customer, 'done-on-subdomain');
      }
      // Neither the page, the recipient API nor the upload set a cookie on the customer's subdomain.
      expect(await customerContext.cookies(origin)).toEqual([]);
    }
    // The owner's dashboard cookies stay on the product's host.
    expect(await context.cookies(origin)).toEqual([]);
    expect((await context.cookies(product.server.url)).map((c) => c.name)).toContain('sb_session');

    const list = (await (await context.request.get('/api/v1/submissions')).json()) as SubmissionList;
    expect(list.total).toBe(1);
  });
});
