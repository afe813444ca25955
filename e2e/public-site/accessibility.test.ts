import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { useProduct } from '../support/product.ts';
import { PUBLIC_PAGES } from './pages.ts';

describe('public pages are accessible', () => {
  const product = useProduct();

  for (const scheme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violations on any public page (${scheme}, wide and 360 px)`, async () => {
      const failures: string[] = [];
      for (const width of [1280, 360]) {
        const context = await product.context(width, { colorScheme: scheme, reducedMotion: 'reduce', viewport: { width, height: 800 } });
        for (const { path } of PUBLIC_PAGES) {
          const page = await context.newPage();
          await page.goto(path);
          await page.waitForLoadState('networkidle');
          const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
          for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
            failures.push(`${path} @${width}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
          }
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (overflow > 0) failures.push(`${path} @${width}: scrolls sideways by ${overflow}px`);
          await page.close();
        }
        await context.close();
      }
      expect(failures).toEqual([]);
    });
  }
});
