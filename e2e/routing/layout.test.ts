import { describe, expect, it } from 'vitest';
import { countMeRequests, pathOf } from '../auth/session.ts';
import { useProduct } from '../support/product.ts';

describe('layout, navigation and code splitting', () => {
  const product = useProduct();

  it('shows the spec top navigation: page links elsewhere, in-page anchors on home, Start Free for visitors', async () => {
    const page = await product.page();
    await page.goto('/pricing');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(hrefs).toEqual([
      ['Home', '/'],
      ['How it Works', '/features'],
      ['Integrations', '/integrations'],
      ['Pricing', '/pricing'],
      ['FAQ', '/faq'],
      ['Contact', '/contact'],
    ]);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Start Free' }).getAttribute('href')).toBe('/sign-up');

    await page.goto('/');
    const homeHrefs = await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(homeHrefs).toEqual(['#features', '#integrations', '#pricing', '#faq', '#contact']);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Start Free' }).getAttribute('href')).toBe('/sign-up');
  });

  it('keeps the language prefix in links', async () => {
    const page = await product.page();
    await page.goto('/de/pricing');
    // The prerendered page carries plain links until the app has started under the prefix.
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Start Free' }).getAttribute('href')).toBe('/de/sign-up');
    await page.getByRole('banner').getByRole('link', { name: 'Start Free' }).click();
    await page.waitForURL('**/de/sign-up');
  });

  it('scrolls to the top on navigation', async () => {
    const page = await product.page();
    await page.goto('/privacy');
    await page.evaluate(() => {
      document.body.style.minHeight = '5000px';
      window.scrollTo(0, 3000);
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
    await page.waitForURL('**/terms');
    await page.waitForFunction(() => window.scrollY === 0);
    expect(pathOf(page)).toBe('/terms');
  });

  it('scrolls smoothly to the hash, also when the same anchor is followed again', async () => {
    const page = await product.page();
    await page.goto('/');
    await page.locator('#faq').waitFor({ state: 'attached' });
    const nav = page.getByRole('navigation', { name: 'Main menu' });

    // Records scrollY on every frame from the click until it has been still for a while.
    const follow = async (label: string, id: string) => {
      await page.evaluate(() => {
        const w = window as unknown as { scrollSamples: number[] };
        w.scrollSamples = [window.scrollY];
        const sample = () => {
          w.scrollSamples.push(window.scrollY);
          if (w.scrollSamples.length < 240) requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      });
      await nav.getByRole('link', { name: label }).click();
      await page.waitForFunction(() => {
        const samples = (window as unknown as { scrollSamples: number[] }).scrollSamples;
        const last = samples.slice(-20);
        return samples.length > 30 && last.every((y) => y === last[0]);
      });
      const samples = await page.evaluate(() => (window as unknown as { scrollSamples: number[] }).scrollSamples);
      const start = samples[0] ?? 0;
      const end = samples.at(-1) ?? 0;
      expect(new URL(page.url()).hash).toBe(`#${id}`);
      // The section's top sits just under the sticky header.
      const top = await page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top);
      expect(Math.abs(top)).toBeLessThan(120);
      // Smooth: several positions in between, not one jump.
      const between = new Set(samples.filter((y) => y !== start && y !== end));
      expect(between.size, `scroll positions ${samples.join(',')}`).toBeGreaterThanOrEqual(3);
    };

    await follow('FAQ', 'faq');
    await follow('Pricing', 'pricing');
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await follow('Pricing', 'pricing');
  });

  it('loads no signed-in screen on a marketing page', async () => {
    const page = await product.page();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const me = countMeRequests(page);
    await page.goto('/pricing');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    const signedIn = scripts.filter((path) => /\/(AppShell|DashboardPage|Requests?Page|RecordingsPage|RecordingPage|SignInPage|SignUpPage|OnboardingLayout|WorkspacePage)-/.test(path));
    expect(signedIn).toEqual([]);
    expect(me.count()).toBe(0);
  });
});
