/**
 * The recording's HAR-like request list: the network events the widget captured, as a HAR 1.2 log (the format
 * browsers' devtools import), so an engineer opens it in the Network panel. Times are the recording's clock placed
 * on the calendar at `startedAt`; only what the widget kept is there (headers and bodies only for allowlisted URLs).
 */
interface NetworkEvent {
  offset_ms: number;
  kind: string;
  payload: unknown;
}

type Headers = Record<string, string> | undefined;

const nameValues = (headers: Headers) => Object.entries(headers ?? {}).map(([name, value]) => ({ name, value }));

function queryOf(url: string) {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

export function requestListHar(events: NetworkEvent[], startedAt: Date): { log: object; entries: number } {
  const entries = events
    .filter((e) => e.kind === 'network')
    .map((e) => {
      const p = (e.payload ?? {}) as Record<string, unknown>;
      const str = (key: string): string => (typeof p[key] === 'string' ? (p[key] as string) : '');
      const num = (key: string): number => (typeof p[key] === 'number' ? (p[key] as number) : -1);
      const duration = Math.max(0, num('duration_ms'));
      const responseHeaders = p.response_headers as Headers;
      return {
        startedDateTime: new Date(startedAt.getTime() + e.offset_ms).toISOString(),
        time: duration,
        request: {
          method: str('method') || 'GET',
          url: str('url'),
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: nameValues(p.request_headers as Headers),
          queryString: queryOf(str('url')),
          ...(p.request_body !== undefined ? { postData: { mimeType: (p.request_headers as Headers)?.['content-type'] ?? '', text: str('request_body') } } : {}),
          headersSize: -1,
          bodySize: num('request_size'),
        },
        response: {
          status: num('status') < 0 ? 0 : num('status'),
          statusText: str('error'),
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: nameValues(responseHeaders),
          content: { size: Math.max(0, num('response_size')), mimeType: responseHeaders?.['content-type'] ?? '', ...(p.response_body !== undefined ? { text: str('response_body') } : {}) },
          redirectURL: '',
          headersSize: -1,
          bodySize: num('response_size'),
        },
        cache: {},
        timings: { send: 0, wait: duration, receive: 0 },
        _transport: str('transport'),
        _offsetMs: e.offset_ms,
      };
    });
  return { log: { log: { version: '1.2', creator: { name: 'Showback', version: '1' }, entries } }, entries: entries.length };
}

/** The request list as the HAR file an issue carries or links to; undefined when the widget captured no request. */
export function requestListFile(events: NetworkEvent[], submission: { id: string; created_at: string | Date; duration_ms: number | null }): { filename: string; entries: number; bytes: Buffer } | undefined {
  // The submission is created when the recording ends: its start is that minus its length.
  const started = new Date(new Date(submission.created_at).getTime() - (submission.duration_ms ?? 0));
  const har = requestListHar(events, started);
  if (har.entries === 0) return undefined;
  return { filename: `showback-requests-${submission.id.slice(0, 8)}.har`, entries: har.entries, bytes: Buffer.from(JSON.stringify(har.log, null, 2)) };
}
