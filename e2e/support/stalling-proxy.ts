import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  path: string;
  /** tus's Upload-Offset header, on PATCH. */
  uploadOffset?: number;
  /** Swallowed while the proxy was stalled: never forwarded, never answered. */
  swallowed: boolean;
}

export interface StallingProxy {
  /** The product as the browser reaches it through the proxy. */
  url: string;
  /** Every request the browser sent through the proxy, in order. */
  requests: ProxiedRequest[];
  /**
   * From now on requests (those `which` picks, by default all) are read and never answered, as a proxy that
   * black-holes them: nothing fails either.
   */
  stall(which?: (request: { method: string; path: string }) => boolean): void;
  /** Forwards new requests again; the ones swallowed stay unanswered (the browser must give up on them itself). */
  resume(): void;
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of `target` that can stop forwarding without failing anything: the connection stays open,
 * the request's bytes are read, no answer ever comes. What a browser meets behind a proxy or a network that
 * black-holes traffic, which `context.setOffline` cannot show (offline fails at once).
 */
export async function startStallingProxy(target: string): Promise<StallingProxy> {
  const upstream = new URL(target);
  const requests: ProxiedRequest[] = [];
  const held = new Set<http.ServerResponse>();
  let swallows: ((request: { method: string; path: string }) => boolean) | undefined;
  const server = http.createServer((req, res) => {
    const offset = req.headers['upload-offset'];
    const request = { method: req.method ?? '', path: req.url ?? '' };
    const swallowed = swallows?.(request) ?? false;
    requests.push({ ...request, uploadOffset: offset === undefined ? undefined : Number(offset), swallowed });
    if (swallowed) {
      req.resume();
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    const forwarded = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    stall: (which = () => true) => (swallows = which),
    resume: () => (swallows = undefined),
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
