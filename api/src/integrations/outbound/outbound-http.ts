import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction, Socket } from 'node:net';
import { isBlockedAddress } from './blocked-addresses.ts';

/**
 * The one HTTP client for URLs that accounts give the product (webhook endpoints, chat webhooks). Server-side request
 * forgery is refused where it happens: the name is resolved in the socket's own lookup and blocked addresses are
 * never connected to, and the connected socket's address is checked again, so a DNS answer that changes between
 * saving and sending (rebinding) is caught. Redirects are never followed; the caller sees the 3xx.
 */
export interface OutboundPolicy {
  /** Development and tests only (OUTBOUND_ALLOW_LOCAL): http:// and loopback/private addresses are allowed. */
  allowLocal: boolean;
}

export type OutboundFailure = 'refused' | 'timeout' | 'network' | 'invalid_url';

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundRequest {
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string;
  /** Whole call, from connect to the last byte read. */
  timeoutMs: number;
  /** Response bytes kept; the rest is not read. */
  maxResponseBytes: number;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The first maxResponseBytes of the body, as text. */
  body: string;
}

const refusedAddress = (host: string): OutboundError =>
  new OutboundError('refused', `Calls to ${host} are not allowed: it is, or resolves to, this machine, a private network or a metadata service.`);

/** The URL as the product may call it, or an OutboundError saying why not. Also used when a URL is saved. */
export function checkOutboundUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('invalid_url', 'This is not a valid URL.');
  }
  if (url.protocol !== 'https:' && !(policy.allowLocal && url.protocol === 'http:')) throw new OutboundError('invalid_url', 'The URL must start with https://.');
  if (url.username || url.password) throw new OutboundError('invalid_url', 'The URL may not contain a user name or password.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!policy.allowLocal && net.isIP(host) && isBlockedAddress(host)) throw refusedAddress(url.hostname);
  return url;
}

/**
 * When a URL is saved: refused if its name resolves only to blocked addresses. Not a guarantee (DNS answers change),
 * only early feedback: every call checks again on the address it connects to. A name that does not resolve yet passes.
 */
export async function checkOutboundHost(url: URL, policy: OutboundPolicy): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (policy.allowLocal || net.isIP(host)) return;
  const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
  if (addresses.length > 0 && addresses.every((a) => isBlockedAddress(a.address))) throw refusedAddress(url.hostname);
}

function safeLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const allowed = policy.allowLocal ? addresses : addresses.filter((a) => !isBlockedAddress(a.address));
      if (allowed.length === 0) return callback(refusedAddress(hostname), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

export async function outboundRequest(raw: string, request: OutboundRequest, policy: OutboundPolicy): Promise<OutboundResponse> {
  const url = checkOutboundUrl(raw, policy);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const req = client.request(url, {
      method: request.method,
      headers: { 'user-agent': 'Showback-Webhooks/1', ...request.headers, ...(request.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(request.body)) }) },
      lookup: safeLookup(policy),
      agent: false,
    });
    const timer = setTimeout(() => req.destroy(new OutboundError('timeout', `No answer within ${request.timeoutMs / 1000} s.`)), request.timeoutMs);
    const checkSocket = (socket: Socket): void => {
      const address = socket.remoteAddress;
      if (!policy.allowLocal && address && isBlockedAddress(address)) req.destroy(refusedAddress(url.hostname));
    };
    req.on('socket', (socket) => {
      if (socket.remoteAddress) checkSocket(socket);
      else socket.once('connect', () => checkSocket(socket));
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error instanceof OutboundError ? error : new OutboundError('network', describeNetworkError(error)));
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = (): void => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        if (kept >= request.maxResponseBytes) return;
        chunks.push(chunk.subarray(0, request.maxResponseBytes - kept));
        kept += chunk.length;
        if (kept >= request.maxResponseBytes) finish();
      });
      res.on('end', finish);
      res.on('error', (error) => {
        clearTimeout(timer);
        reject(error instanceof OutboundError ? error : new OutboundError('network', describeNetworkError(error)));
      });
    });
    req.end(request.body);
  });
}

function describeNetworkError(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The host name could not be resolved.';
  if (code === 'ECONNREFUSED') return 'The connection was refused.';
  if (code === 'ECONNRESET') return 'The connection was reset.';
  return code ? `Network error (${code}).` : 'Network error.';
}
