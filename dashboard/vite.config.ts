import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { markdownPlugin } from './scripts/markdownPlugin.ts';
import { posterPlugin } from './scripts/posterPlugin.ts';
import { BUILD_TARGET } from '../contract/src/browser-floor.ts';

// Assets live under /vite/ (spec §9); page URLs stay at the site root, so the router has no basename from BASE_URL.
export default defineConfig({
  root: import.meta.dirname,
  base: '/vite/',
  plugins: [react(), markdownPlugin(), posterPlugin()],
  build: {
    // The browsers the product promises (the public pages and the owner's app alike), not Vite's recent-only default.
    target: BUILD_TARGET,
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Every screen is a lazy route chunk; only the framework goes in one shared vendor chunk, so a marketing
        // page downloads the runtime + its own chunk and never the signed-in app.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|jotai)[\\/]/, priority: 10 },
            // The design-system parts, with their styles: one stylesheet instead of one per part, so a form page
            // waits for 4 stylesheets rather than 7 before its first paint.
            { name: 'ui', test: /dashboard[\\/]src[\\/]ui[\\/]/, priority: 5 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '^/[a-z]{2}(-[A-Z]{2})?/api': 'http://127.0.0.1:3000' },
  },
});
