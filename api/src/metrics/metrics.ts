import http from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/database.ts';
import { countJobsByQueue } from '../jobs/pgboss-internals.ts';
import { runningChildren } from '../media/child-processes.ts';

/**
 * What one process tells Prometheus (prom-client): its own HTTP requests, jobs, uploads and media tools, and, read from
 * the database at each scrape, the queue as every process shares it. Served on METRICS_PORT (metrics/metrics-server.ts),
 * not on the public port.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'showback_http_request_duration_seconds',
    help: 'HTTP requests by route (the route pattern, not the URL), method and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  readonly uploadsInProgress = new Gauge({
    name: 'showback_uploads_in_progress',
    help: 'tus PATCH requests (upload bytes arriving) this process is receiving now.',
    registers: [this.registry],
  });
  readonly jobDuration = new Histogram({
    name: 'showback_job_duration_seconds',
    help: 'Job runs in this process by queue and outcome (completed, failed, handed_back).',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900, 3600],
    registers: [this.registry],
  });
  readonly jobFailures = new Counter({
    name: 'showback_job_failures_total',
    help: 'Job runs in this process that threw (each is retried until its last attempt).',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  readonly jobsAbandoned = new Counter({
    name: 'showback_jobs_abandoned_total',
    help: 'Jobs this process found left active by a worker that stopped reporting, and returned to the queue (or failed).',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  readonly alertDelivery = new Histogram({
    name: 'showback_alert_delivery_seconds',
    help: 'Alert delivery attempts (webhook, Slack, Teams, email) by channel and result.',
    labelNames: ['channel', 'result'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  readonly alertLatency = new Histogram({
    name: 'showback_alert_event_to_delivery_seconds',
    help: 'From an event (a recording arrived, turned ready…) to its successful delivery, by channel.',
    labelNames: ['channel'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600],
    registers: [this.registry],
  });
  readonly alertFailures = new Counter({
    name: 'showback_alert_delivery_failures_total',
    help: 'Alert delivery attempts that did not succeed, by channel and whether they are retried or final.',
    labelNames: ['channel', 'final'] as const,
    registers: [this.registry],
  });

  constructor(database: DatabaseHandle, livenessSeconds: number) {
    collectDefaultMetrics({ register: this.registry, prefix: 'showback_process_' });
    new Gauge({
      name: 'showback_media_tools_running',
      help: 'ffmpeg, ffprobe and pocketsphinx processes this process runs now.',
      registers: [this.registry],
      collect() {
        this.set(runningChildren().length);
      },
    });
    // One query per scrape fills the three queue gauges (prom-client collects every metric at once; the three share the
    // read in flight); a failed read leaves them empty rather than stale.
    let reading: Promise<void> | undefined;
    const collect = async (): Promise<void> => {
      reading ??= read().finally(() => (reading = undefined));
      await reading.catch(() => undefined);
    };
    const depth = new Gauge({ name: 'showback_queue_jobs', help: 'Jobs in the shared queue by queue and state (created, retry, active).', labelNames: ['queue', 'state'] as const, registers: [this.registry], collect });
    const age = new Gauge({ name: 'showback_queue_oldest_waiting_seconds', help: 'Age of the oldest job waiting to start, by queue (0: none waiting).', labelNames: ['queue'] as const, registers: [this.registry], collect });
    const stuck = new Gauge({ name: 'showback_queue_stuck_jobs', help: 'Active jobs whose worker has not reported for JOB_LIVENESS_SECONDS (a worker died; they are being returned to the queue).', labelNames: ['queue'] as const, registers: [this.registry], collect });
    const read = async (): Promise<void> => {
      depth.reset();
      age.reset();
      stuck.reset();
      for (const row of await countJobsByQueue(database, livenessSeconds)) {
        for (const state of ['created', 'retry', 'active'] as const) depth.set({ queue: row.name, state }, row[state]);
        age.set({ queue: row.name }, row.oldest);
        stuck.set({ queue: row.name }, row.stuck);
      }
    };
  }

  /**
   * Drops the metrics: prom-client's default metrics keep a GC observer (never disconnected) that holds this registry,
   * and through the queue gauges the database; an app closed and replaced in one process (the tests) must not keep it.
   */
  close(): void {
    this.registry.clear();
  }
}

/** The metrics on their own port (METRICS_PORT): Prometheus scrapes every process there, the public port never shows them. */
export async function serveMetrics(metrics: Metrics, port: number, host: string): Promise<() => Promise<void>> {
  const server = http.createServer((req, res) => {
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
