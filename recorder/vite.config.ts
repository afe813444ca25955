import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { BUILD_TARGET } from '../contract/src/browser-floor.ts';

// The API serves /r/<token> with dist/index.html (meta tags injected at <!--app-meta-->) and the assets under
// /vite/recorder/, so the recorder never shares a chunk or a cache key with the dashboard.
export default defineConfig({
  root: import.meta.dirname,
  base: '/vite/recorder/',
  plugins: [react()],
  // The browsers the product promises, not Vite's default (recent ones only): a customer never chooses their browser.
  build: { target: BUILD_TARGET, outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
});
