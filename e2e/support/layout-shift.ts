import type { BrowserContext, Page } from 'playwright-core';

/**
 * Records every layout shift of the page's documents from their first paint, with what moved (element, rectangle
 * before → after), for `layoutShifts`. The sum is at least Lighthouse's CLS, which takes the worst 5 s window.
 */
export async function watchLayoutShifts(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[]) {
        if (e.hadRecentInput) continue;
        w.__cls += e.value;
        const where = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
        for (const src of e.sources) {
          const el = src.node instanceof Element ? src.node : src.node?.parentElement;
          w.__shifts.push(`${e.value.toFixed(4)} ${el ? `${el.tagName.toLowerCase()}.${el.className}` : '?'} ${where(src.previousRect)} → ${where(src.currentRect)}`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The shifts recorded since the current document loaded (`watchLayoutShifts` first), read once the page says it has
 * finished loading (its load event, every image in it, its fonts) and has painted twice since: a shift comes with a
 * paint, and reaches the observer after it. Not after a fixed wait, which a slow machine outlasts and a fast one wastes.
 */
export async function layoutShifts(page: Page): Promise<{ cls: number; shifts: string[] }> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  return page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
    await new Promise((observed) => setTimeout(observed));
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });
}
