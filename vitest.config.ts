import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * API test files that run on PostgreSQL as well as on the embedded PGlite: those whose behaviour depends on the
 * database server. Every other API file runs on PGlite only, where the same SQL runs on the same engine in one
 * process. docs/testing.md says how a new file chooses.
 */
const POSTGRES_FILES = [
  // Several processes on one database: pooled connections, LISTEN/NOTIFY between processes, advisory locks.
  'alerts.outbox',
  'auth-shared-database',
  'chat',
  'jobs.wake-up',
  'production.processes',
  'signed-in-cache',
  'submissions.concurrent',
  'submissions.list-cache',
  'uploads.early-processing',
  'uploads.multi-process',
  'uploads.restart',
  // The job queue: pg-boss's SQL, SKIP LOCKED fetches, the liveness sweep over several connections, its schedules
  // raced by two processes, and the statements on its private tables (pinned to its version).
  'jobs',
  'jobs.liveness',
  'pgboss-internals',
  // A lost and restored connection (the pool, /readyz).
  'health.readiness',
  // Row locks and unique constraints raced by concurrent requests, which one PGlite connection serialises.
  'integrations.jira',
  'integrations.kit-provider',
  'integrations.linear',
  // Two API processes refreshing one Teams token (skipped on PGlite: each process needs the database to itself there).
  'integrations.teams-refresh',
  'subdomains',
  // A revoke, a disable or a removal committed on one pooled connection must refuse the token's very next call on
  // another (no cache); the rate limit's upsert counted by concurrent calls.
  'access-tokens',
  // Share links: a one-time code spent by one of two requests racing with it; the code rate limits' upserts.
  'share-links',
  'users',
  // SQL that PostgreSQL 15 (Debian's) and PGlite's PostgreSQL 17 may accept differently, and the pg driver's prepared
  // statements and type parsing: the migrations, every route walked with hostile and foreign input, the heavy queries.
  'migrations',
  'security.fuzz',
  'security.tenancy',
  // The recordings list's review filters and the unread counts, as prepared statements and joins of their own.
  'comments',
  'admin-daily-counts',
  'admin-list-paging',
  'admin-operations',
  'submissions',
  'submissions.list-total',
  'submissions.metadata',
  'users-me.session',
].map((name) => `api/test/${name}.test.ts`);

/**
 * Browser scenarios that record the screen (fake capture, MediaRecorder, ffmpeg on the server): one at a time, since a
 * 2-core machine cannot encode two. The other scenarios run two at a time (scripts/test.sh).
 */
const RECORDING_SCENARIOS = [
  'account/branded-subdomain',
  'branding/branding',
  'integrations/freshdesk',
  'integrations/webhooks-and-email',
  'integrations/zendesk',
  'recording/recorded-transcript',
  'recording/languages',
  'recording/recorder-fallbacks',
  'recording/recording',
  'widget/actions',
  'widget/examples',
  'widget/widget',
  'widget/widget-faults',
  'widget/privacy',
].map((name) => `e2e/${name}.test.ts`);

// isolate: false — a worker runs its API files one after another in one module graph instead of a new process each:
// importing the API (Fastify, pg-boss, the SDKs) per file cost about 400 CPU seconds a run. Each file starts and closes
// its own apps, so nothing of one file reaches the next (an app that stays reachable after close is a leak: Metrics.close).
const API_TEST = { testTimeout: 30_000, hookTimeout: 60_000, globalSetup: ['api/test/support/global-setup.ts'], isolate: false };
const BROWSER_TEST = { testTimeout: 180_000, hookTimeout: 180_000, globalSetup: ['e2e/support/global-setup.ts'] };
// A project's own exclude replaces vitest's default, so node_modules (e2e/ has its own) is named again.
const NODE_MODULES = '**/node_modules/**';

/**
 * Without timings of an earlier run (a clean clone: CI), vitest starts the larger files first. These files are small and
 * run long (the axe scenario: 17 pages × 2 widths, about 85 s), so they came last and kept one worker busy for a minute
 * after the other had finished: they start first instead.
 */
const LONG_FOR_THEIR_SIZE = ['e2e/public-site/accessibility.test.ts'];
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONG_FOR_THEIR_SIZE.some((name) => file.moduleId.endsWith(name));
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}

// The phases of scripts/test.sh: fast unit tests; API tests over HTTP against a real database (all on PGlite, the
// database-dependent ones on PostgreSQL too); browser scenarios in Chromium (two at a time, then the recording ones one
// at a time); the recorder in Firefox ESR and WebKitGTK, one at a time on an Xvfb of its own.
export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
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
          exclude: ['api/test/unit/**', NODE_MODULES],
          ...API_TEST,
        },
      },
      // A process per file on PostgreSQL: there, a media tool still ran in a later file of the same worker (twice, found
      // by health.readiness's gauge), started by something of an earlier file not yet found. Costs about 60 s a run.
      { test: { name: 'postgres', include: POSTGRES_FILES, ...API_TEST, isolate: true } },
      { test: { name: 'e2e', include: ['e2e/**/*.test.ts'], exclude: ['e2e/browsers/**', ...RECORDING_SCENARIOS, NODE_MODULES], ...BROWSER_TEST } },
      { test: { name: 'e2e-recording', include: RECORDING_SCENARIOS, fileParallelism: false, ...BROWSER_TEST } },
      {
        test: { name: 'browsers', include: ['e2e/browsers/**/*.test.ts'], exclude: [NODE_MODULES], fileParallelism: false, ...BROWSER_TEST },
      },
    ],
  },
});
