import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { RecordingRequest } from '@showback/contract';
import { describe, expect, it } from 'vitest';
import { csrf } from '../auth/session.ts';
import { installClock, passCountdown } from '../recording/recorder-page.ts';
import { seriousViolations } from '../support/accessibility.ts';
import { useProduct } from '../support/product.ts';
import { ACME_LOGO, brandThroughAccountPage, expectBranded, type Brand } from './brandAccount.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../test-results/branding');

async function shot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${page.viewportSize()?.width ?? 0}-${name}.png`), fullPage: true });
}

const step = (page: Page, name: string) => page.locator(`section[data-step="${name}"]`);

// Issue #18: an owner brands the account; the customer who opens a link sees that brand on every recorder step.
describe('branded recorder', () => {
  const product = useProduct({ media: { screenCapture: true } });
  // A light yellow: the recorder must switch button text to black and links to a darker shade.
  const brand: Brand = { name: 'Acme Support', color: '#ffc20e', logo: ACME_LOGO };

  it('an owner sets logo, name and colour on /my/account; the customer sees them on every step at 1280 and 360 px, without serious axe findings', async () => {
    const { page, context } = await product.signedUp({ account_name: 'Acme Holdings Ltd' });
    await brandThroughAccountPage(page, brand);
    expect(await page.getByTestId('contrast').innerText()).toMatch(/black text/);
    await page.getByText(/links and headings use a darker shade/).waitFor();
    await shot(page, 'account-branding');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'account-branding');

    const created = await context.request.post('/api/v1/requests', {
      headers: { 'X-CSRF-Token': await csrf(context) },
      data: { title: 'Show us the checkout bug', instructions: '<p>Open the checkout and click <a href="https://example.test/pay">Pay</a>.</p>', microphone: 'off', fields: { name: 'off', email: 'off', note: 'off' } },
    });
    expect(created.status()).toBe(201);
    const request = (await created.json()) as RecordingRequest;

    for (const width of [1280, 360]) {
      const customerContext = await product.context(width);
      await installClock(customerContext);
      const customer = await customerContext.newPage();
      await customer.goto(`/r/${request.token}`);
      await step(customer, 'instructions').waitFor();
      await expectBranded(customer, brand);
      expect(await seriousViolations(customer, '.shell')).toEqual([]);
      await shot(customer, '1-instructions');

      await customer.getByRole('button', { name: 'Get started' }).click();
      await step(customer, 'share').waitFor();
      await expectBranded(customer, brand);
      await shot(customer, '2-share');

      await customer.getByRole('button', { name: 'Share my screen' }).click();
      await step(customer, 'countdown').waitFor();
      await expectBranded(customer, brand);
      await shot(customer, '3-countdown');

      await passCountdown(customer);
      await step(customer, 'recording').waitFor({ timeout: 15_000 });
      // A machine under heavy load can take long to start the recorder's clock.
      await customer.getByRole('timer').filter({ hasText: '0:01' }).waitFor({ timeout: 60_000 });
      await expectBranded(customer, brand);
      expect(await seriousViolations(customer, '.shell')).toEqual([]);
      await shot(customer, '4-recording');

      await customer.getByRole('button', { name: 'Stop recording' }).click();
      await step(customer, 'preview').waitFor({ timeout: 20_000 });
      await expectBranded(customer, brand);
      await shot(customer, '5-preview');

      await customer.getByRole('button', { name: 'Looks good' }).click();
      await step(customer, 'done').waitFor({ timeout: 90_000 });
      await expectBranded(customer, brand);
      expect(await customer.locator('[data-step="done"]').innerText()).toContain(brand.name);
      expect(await seriousViolations(customer, '.shell')).toEqual([]);
      await shot(customer, '6-done');
    }

    // Recipients in the dark scheme get the lighter shade for text on the dark card.
    const dark = await (await product.context(1280, { colorScheme: 'dark' })).newPage();
    await dark.goto(`/r/${request.token}`);
    await step(dark, 'instructions').waitFor();
    await expectBranded(dark, brand);
    expect(await seriousViolations(dark, '.shell')).toEqual([]);
    await shot(dark, '1-instructions-dark');
  });
});
