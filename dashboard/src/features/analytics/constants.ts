/** Spec §9: analytics batching. */
export const ANALYTICS_BATCH = {
  maxEvents: 10,
  intervalMs: 5000,
  /** Segment refuses batches over 500 KB; flush before reaching it. */
  maxBatchBytes: 450 * 1024,
  /** sendBeacon payloads are capped at 64 KB by browsers. */
  beaconChunkBytes: 64 * 1024,
  maxRetryDelayMs: 5000,
  maxAttempts: 3,
} as const;

export type AnalyticsState = 'not-loaded' | 'loading' | 'loaded' | 'failed';

export interface AnalyticsConfig {
  writeKey: string;
  /** Base URL of a Segment-compatible HTTP API, without a trailing slash. */
  url: string;
}

export interface AnalyticsUser {
  id: string | number | null | undefined;
  email: string | null | undefined;
}
