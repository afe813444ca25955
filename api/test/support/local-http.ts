import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call a local vendor server received, for the tests to look at. */
export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
  at: number;
}

/** The scripted answer of a local helpdesk's next write: a 429 with Retry-After, any status and body, or applied with the answer lost. */
export type ScriptedAnswer = { rateLimitedFor: number } | { status: number; body: unknown } | { appliedThenDropped: true };

export interface ReadRequest {
  url: URL;
  /** The body as JSON, else as text (undefined when empty). */
  body: unknown;
}

/** A request listener of a local vendor server, called once the request's body has been read. */
export function withBody(handle: (req: http.IncomingMessage, res: http.ServerResponse, input: ReadRequest) => void): http.RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      handle(req, res, { url: new URL(req.url ?? '/', 'http://x'), body });
    });
  };
}

/** Listens on a free port of 127.0.0.1; `close` also drops the connections kept alive. */
export async function listenLocally(server: http.Server): Promise<{ port: number; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
