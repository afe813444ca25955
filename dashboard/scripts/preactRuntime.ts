import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The production build runs the React code on preact/compat: on React 19 + react-dom the framework chunk is 99 KB
 * gzip, over the landing page's 90 KB JS budget on its own; on preact/compat 42 KB (docs/public-site.md). `vite` dev
 * stays on React for fast refresh and React's development warnings; the browser scenarios run against the build.
 * DASHBOARD_RUNTIME=react|preact overrides the choice, e.g. to tell whether a failure is the runtime's. The recorder
 * uses the same plugin for its own budget (docs/recorder.md) with `env: 'RECORDER_RUNTIME'`.
 */
export function preactRuntime({ env = 'DASHBOARD_RUNTIME' }: { env?: string } = {}): Plugin {
  const prerender = path.resolve(import.meta.dirname, '../src/features/marketing/prerender/preactStatic.ts');
  return {
    name: 'showback:preact-runtime',
    config(_, { command }) {
      const runtime = process.env[env] || (command === 'build' ? 'preact' : 'react');
      if (runtime !== 'preact') return undefined;
      return {
        resolve: {
          alias: [
            { find: /^react$/, replacement: 'preact/compat' },
            { find: /^react-dom$/, replacement: 'preact/compat' },
            { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
            { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
            { find: /^react-dom\/static$/, replacement: prerender },
            { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
            { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
          ],
        },
        // Aliases reach only bundled code, so the prerender bundles the libraries that import react, and react-router's
        // own dependencies with it (resolved from its folder: the hoisted `cookie` is another major version).
        ssr: { noExternal: ['react-router', 'react-router-dom', 'jotai', 'cookie', 'set-cookie-parser'] },
      };
    },
  };
}
