import { randomId } from '@showback/contract';
import { ANALYTICS_BATCH, type AnalyticsConfig, type AnalyticsState } from './constants.ts';

export interface SegmentEvent {
  type: 'identify' | 'page';
  messageId: string;
  timestamp: string;
  userId?: string;
  anonymousId?: string;
  traits?: Record<string, unknown>;
  name?: string;
  properties?: Record<string, unknown>;
  context: { library: { name: string; version: string }; page?: { path: string; url: string } };
}

export interface SegmentClientOptions extends AnalyticsConfig {
  fetch?: typeof fetch;
  sendBeacon?: (url: string, data: BodyInit) => boolean;
  log?: (message: string, error?: unknown) => void;
  random?: () => number;
}

const LIBRARY = { name: 'showback-analytics', version: '1' };
const encoder = new TextEncoder();
const byteLength = (value: unknown): number => encoder.encode(JSON.stringify(value)).length;

/**
 * A small client for the Segment HTTP API (settings fetch + batch POST). Written here rather than taking
 * analytics-next because that bundle alone is larger than the landing page's whole JS budget, and the spec's
 * batching rules (10 events / 5 s / ~450 KB / 64 KB beacons) are a page of code.
 */
export class SegmentClient {
  state: AnalyticsState = 'not-loaded';
  private queue: SegmentEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private userId: string | undefined;
  private readonly anonymousId = randomId();
  private readonly fetchImpl: typeof fetch;
  private readonly beacon: ((url: string, data: BodyInit) => boolean) | undefined;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly random: () => number;
  private readonly auth: string;

  constructor(private readonly options: SegmentClientOptions) {
    this.fetchImpl = options.fetch ?? fetch.bind(globalThis);
    this.beacon = options.sendBeacon ?? (typeof navigator !== 'undefined' && navigator.sendBeacon ? navigator.sendBeacon.bind(navigator) : undefined);
    this.log = options.log ?? ((message, error) => console.error(`[analytics] ${message}`, error ?? ''));
    this.random = options.random ?? Math.random;
    this.auth = `Basic ${btoa(`${options.writeKey}:`)}`;
  }

  /** not loaded → loading → loaded | failed. A failed client stays silent for the rest of the page's life. */
  async load(): Promise<AnalyticsState> {
    if (this.state !== 'not-loaded') return this.state;
    this.state = 'loading';
    try {
      const res = await this.fetchImpl(`${this.options.url}/v1/projects/${encodeURIComponent(this.options.writeKey)}/settings`);
      if (!res.ok) throw new Error(`settings answered ${res.status}`);
      await res.json();
      this.state = 'loaded';
    } catch (error) {
      this.state = 'failed';
      this.log('could not load settings', error);
    }
    return this.state;
  }

  /** Skipped unless loaded and the user has both an id and an email (spec §5). */
  identify(id: string | number | null | undefined, email: string | null | undefined): boolean {
    if (this.state !== 'loaded' || id === null || id === undefined || id === '' || !email) return false;
    this.userId = String(id);
    this.enqueue({ ...this.base('identify'), traits: { email } });
    return true;
  }

  page(path: string, url: string): boolean {
    if (this.state !== 'loaded') return false;
    this.enqueue({ ...this.base('page'), properties: { path, url }, context: { library: LIBRARY, page: { path, url } } });
    return true;
  }

  /** Sends what is queued now; resolves after the request (and its retries) settle. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    await this.send(batch, 1);
  }

  /** On page hide a fetch may be cancelled, so what is left goes out as sendBeacon chunks of at most 64 KB. */
  flushOnHide(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) return;
    const events = this.queue;
    this.queue = [];
    if (!this.beacon) {
      void this.send(events, ANALYTICS_BATCH.maxAttempts);
      return;
    }
    for (const chunk of this.chunks(events, ANALYTICS_BATCH.beaconChunkBytes)) {
      const body = new Blob([JSON.stringify(this.body(chunk, true))], { type: 'text/plain' });
      if (!this.beacon(`${this.options.url}/v1/batch`, body)) this.log('sendBeacon refused a chunk');
    }
  }

  private base(type: SegmentEvent['type']): SegmentEvent {
    const event: SegmentEvent = { type, messageId: randomId(), timestamp: new Date().toISOString(), anonymousId: this.anonymousId, context: { library: LIBRARY } };
    if (this.userId) event.userId = this.userId;
    return event;
  }

  private enqueue(event: SegmentEvent): void {
    if (this.queue.length > 0 && byteLength(this.body([...this.queue, event])) > ANALYTICS_BATCH.maxBatchBytes) void this.flush();
    this.queue.push(event);
    if (this.queue.length >= ANALYTICS_BATCH.maxEvents) {
      void this.flush();
      return;
    }
    this.timer ??= setTimeout(() => void this.flush(), ANALYTICS_BATCH.intervalMs);
  }

  private body(batch: SegmentEvent[], withKey = false): Record<string, unknown> {
    // A beacon cannot carry an Authorization header; Segment also accepts the write key in the body.
    return withKey ? { batch, sentAt: new Date().toISOString(), writeKey: this.options.writeKey } : { batch, sentAt: new Date().toISOString() };
  }

  private chunks(events: SegmentEvent[], maxBytes: number): SegmentEvent[][] {
    const out: SegmentEvent[][] = [];
    let current: SegmentEvent[] = [];
    for (const event of events) {
      if (current.length > 0 && byteLength(this.body([...current, event], true)) > maxBytes) {
        out.push(current);
        current = [];
      }
      current.push(event);
    }
    if (current.length > 0) out.push(current);
    return out;
  }

  private async send(batch: SegmentEvent[], attempt: number): Promise<void> {
    try {
      const res = await this.fetchImpl(`${this.options.url}/v1/batch`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: this.auth },
        body: JSON.stringify(this.body(batch)),
        keepalive: false,
      });
      if (res.ok) return;
      // 4xx other than 429 will not get better by sending the same batch again.
      if (res.status !== 429 && res.status < 500) {
        this.log(`batch refused with ${res.status}`);
        return;
      }
      throw new Error(`batch answered ${res.status}`);
    } catch (error) {
      if (attempt >= ANALYTICS_BATCH.maxAttempts) {
        this.log(`batch dropped after ${attempt} attempts`, error);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, this.random() * ANALYTICS_BATCH.maxRetryDelayMs));
      await this.send(batch, attempt + 1);
    }
  }
}
