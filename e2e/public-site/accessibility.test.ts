import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useProduct } from '../support/product.ts';
import { PUBLIC_PAGES } from './pages.ts';

/** Serious and critical findings of axe on the page as it is now, one line each. */
async function findings(page: Page, axe: AxeBuilder, label: string): Promise<string[]> {
  const result = await axe.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

describe('public pages are accessible', () => {
  const product = useProduct();

  for (const width of [1280, 360]) {
    it(`has no serious or critical axe violations on any public page at ${width} px, light and dark`, async () => {
      const failures: string[] = [];
      const context = await product.context(width, { colorScheme: 'light', reducedMotion: 'reduce', viewport: { width, height: 800 } });
      for (const { path } of PUBLIC_PAGES) {
        const page = await context.newPage();
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        failures.push(...(await findings(page, new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']), `${path} @${width} light`)));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (overflow > 0) failures.push(`${path} @${width}: scrolls sideways by ${overflow}px`);
        // Dark differs from light only in colours: the same page, switched, is checked against the rules that read them.
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.waitForFunction(() => matchMedia('(prefers-color-scheme: dark)').matches);
        // A colour that eases to its dark value would be measured halfway.
        await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition).map((animation) => animation.finished)));
        failures.push(...(await findings(page, new AxeBuilder({ page }).withRules(['color-contrast', 'link-in-text-block']), `${path} @${width} dark`)));
        await page.close();
      }
      await context.close();
      expect(failures).toEqual([]);
    });
  }
});
