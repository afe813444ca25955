import { createStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from '../../../app/routes.tsx';

export { publicPages, type PageMeta } from '../pageMeta.ts';
/** The landing page's largest paint, for its preload and the pages' og:image. */
export { default as heroPoster } from '../media/hero.jpg?poster';

/**
 * The server half of the prerender (scripts/prerender.ts): one public path → the app's HTML as a visitor who is not
 * signed in sees it. `prerender` waits for every lazy route chunk, so the HTML is the page, not a spinner.
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.local${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Provider store={createStore()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Provider>
    </StrictMode>,
    // Large boundaries would otherwise be "outlined": fallback first plus an inline script to swap the content in,
    // which the Content Security Policy blocks and which delays the hero. One complete document, no scripts.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
