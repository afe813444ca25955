import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * What the receiver answers one request with; `hang` never answers. With `path`, only a request to that path takes
 * it, so that another test's late delivery to the same receiver cannot.
 */
export interface Answer {
  path?: string;
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  hang?: boolean;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** TCP connections accepted, whether or not a request followed. */
  connections(): number;
  /** Answers for the next requests, in order; after them every request gets 200 "ok". */
  answerNext(...answers: Answer[]): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** A local HTTP server that records what it receives, as a customer's webhook endpoint would. */
export async function startWebhookReceiver(host = '127.0.0.1'): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const queue: Answer[] = [];
  const waiters = new Set<() => void>();
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      for (const wake of waiters) wake();
      const index = queue.findIndex((a) => a.path === undefined || a.path === req.url);
      const answer = (index < 0 ? undefined : queue.splice(index, 1)[0]) ?? {};
      if (answer.hang) return;
      res.writeHead(answer.status ?? 200, { 'content-type': 'text/plain', ...answer.headers });
      res.end(answer.body ?? 'ok');
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    received,
    connections: () => connections,
    answerNext: (...answers) => queue.push(...answers),
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`receiver got ${received.length} requests, expected ${count}`);
        await new Promise<void>((resolve) => {
          const wake = (): void => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
