import { defineConfig } from 'vitest/config';

// Three projects: fast unit tests, API tests over HTTP against a real database, and browser scenarios in Chromium
// (one worker: each records video and a 2-core machine cannot run two).
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
          exclude: ['api/test/unit/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
