import { defineConfig } from 'vitest/config';

// Four projects: fast unit tests, API tests over HTTP against a real database, browser scenarios in Chromium and the
// recorder in Firefox ESR and WebKitGTK (one worker each: every scenario records video and a 2-core machine cannot
// run two).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['contract/**/*.test.ts', 'sdk/test/**/*.test.ts', 'recorder/test/**/*.test.{ts,tsx}', 'dashboard/test/**/*.test.{ts,tsx}', 'api/test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          // The Zapier app's tests run it against a running API, like the API tests.
          include: ['api/test/**/*.test.ts', 'zapier/test/**/*.test.ts'],
          exclude: ['api/test/unit/**', '**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // A project's own exclude replaces vitest's default, so node_modules (e2e/ has its own) is named again.
          exclude: ['e2e/browsers/**', '**/node_modules/**'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        // The recorder in Debian's Firefox ESR (and WebKitGTK): headful browsers on an Xvfb of their own, one at a time.
        test: {
          name: 'browsers',
          include: ['e2e/browsers/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
