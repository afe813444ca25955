import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';

/**
 * `react-dom/static` for the preact build: the HTML hydrateRoot on preact/compat expects, rendered after every lazy
 * route chunk has resolved (renderToStringAsync awaits suspensions), so the prerendered page is the page.
 */
export async function prerenderToNodeStream(element: VNode): Promise<{ prelude: AsyncIterable<Uint8Array> }> {
  const html = await renderToStringAsync(element);
  const bytes = new TextEncoder().encode(html);
  return {
    prelude: (async function* prelude() {
      yield bytes;
    })(),
  };
}
