import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { markdownPlugin } from './scripts/markdownPlugin.ts';

// Experiment (issue #5, landing JS budget): DASHBOARD_RUNTIME=preact builds the same React code on preact/compat.
const preactRuntime = process.env.DASHBOARD_RUNTIME === 'preact';
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/static$/, replacement: `${import.meta.dirname}/src/features/marketing/prerender/preactStatic.ts` },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

// Assets live under /vite/ (spec §9); page URLs stay at the site root, so the router has no basename from BASE_URL.
export default defineConfig({
  root: import.meta.dirname,
  base: '/vite/',
  plugins: [react(), markdownPlugin()],
  resolve: preactRuntime ? { alias: preactAliases } : {},
  // The aliases reach only bundled code: the prerender bundles the libraries that import react.
  ssr: preactRuntime ? { noExternal: ['react-router', 'react-router-dom', 'jotai'] } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Every screen is a lazy route chunk; only the framework goes in one shared vendor chunk, so a marketing
        // page downloads React + its own chunk and never the signed-in app.
        codeSplitting: {
          groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|jotai|preact)[\\/]/, priority: 10 }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '^/[a-z]{2}(-[A-Z]{2})?/api': 'http://127.0.0.1:3000' },
  },
});
