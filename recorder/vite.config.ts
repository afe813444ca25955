import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { preactRuntime } from '../dashboard/scripts/preactRuntime.ts';

// The API serves /r/<token> with dist/index.html (meta tags injected at <!--app-meta-->) and the assets under
// /vite/recorder/, so the recorder never shares a chunk or a cache key with the dashboard.
export default defineConfig({
  root: import.meta.dirname,
  base: '/vite/recorder/',
  // preactRuntime: production builds run on preact/compat, as the dashboard's do: a customer pays for the recorder's
  // JS before the first step (issue #17, ≤ 60 KB gzip), and react-dom alone is 45 KB of it. RECORDER_RUNTIME=react
  // builds on React. `vite` dev stays on React.
  plugins: [react(), preactRuntime({ env: 'RECORDER_RUNTIME' })],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
});
