import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../auth/session.ts';
import { completeOnboarding, signInOwner, signUpOwner } from '../recording/owner.ts';
import { layoutShifts, watchLayoutShifts } from '../support/layout-shift.ts';
import { useBrowser, useServer } from '../support/product.ts';

const running = useServer();
const chromium = useBrowser();

const CONNECT = ['Slack', 'Zapier', 'Zendesk', 'Linear', 'Jira', 'GitHub', 'Intercom', 'Freshdesk'];

/** Every card of a fresh account has its status: its Connect button enabled, Teams' "Coming soon". */
async function cardsLoaded(page: Page): Promise<void> {
  for (const name of CONNECT) {
    const button = page.locator(`[data-integration="${name.toLowerCase()}"]`).getByRole('button', { name: `Connect ${name}` });
    await expect.poll(() => button.isEnabled().catch(() => false)).toBe(true);
  }
  await page.locator('[data-integration="teams"]').getByText('Coming soon').waitFor();
}

describe('/my/integrations: the cards while their status loads', () => {
  it.each([1280, 390])('keep their place at %ipx wide: the page shifts by CLS ≤ 0.02 when the statuses arrive', async (width) => {
    const server = running.server;
    const owner = await signUpOwner(server.url, `Steady Cards ${width}`);
    await completeOnboarding(owner);
    const context = chromium.own(await chromium.browser.newContext({ viewport: { width, height: 900 } }));
    await signInOwner(context, owner);
    await watchLayoutShifts(context);
    const page = await context.newPage();
    // The statuses are held until the cards have painted without them, as a slow API answers on a busy day.
    const held: Route[] = [];
    await page.route(/\/api\/v1\/integrations\/[a-z]+\/status$/, (route) => void held.push(route));
    await page.goto(`${server.url}/my/integrations`);
    await page.locator('[data-integration="freshdesk"]').waitFor();
    await expect.poll(() => held.length).toBe(9);
    await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
    for (const route of held) await route.continue();
    await cardsLoaded(page);

    const { cls, shifts } = await layoutShifts(page);
    expect(cls, shifts.join('\n')).toBeLessThanOrEqual(0.02);
    await screenshot(page, 'integrations-cards');
  });
});
