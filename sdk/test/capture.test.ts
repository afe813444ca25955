// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureConsole } from '../src/capture/console.ts';
import { captureDetail } from '../src/capture/detail.ts';
import { captureErrors } from '../src/capture/errors.ts';
import { captureFetch } from '../src/capture/fetch.ts';
import { captureNavigation } from '../src/capture/navigation.ts';
import { captureXhr } from '../src/capture/xhr.ts';
import { createEventBuffer, type Captured, type PageEvent } from '../src/core/event-buffer.ts';
import { withHeaders } from '../src/widget/pick-headers.ts';
import { describeError } from '../src/widget/describe-error.ts';
import { destroy, init, isSupported, on } from '../src/index.ts';

const NET = { _ignore: [] };

afterEach(() => destroy());

describe('console capture', () => {
  it('records every level and still calls the original with the same this and arguments', () => {
    const seen: unknown[][] = [];
    const fake = { log(...a: unknown[]) { seen.push([this, ...a]); }, error() {} } as unknown as Console;
    const orig = console.log;
    console.log = fake.log;
    try {
      const buffer = createEventBuffer(100, 1e6);
      const restore = captureConsole(['log'], buffer.push);
      const circular: Record<string, unknown> = {};
      circular.me = circular;
      console.log('hello', circular);
      expect(seen).toEqual([[console, 'hello', circular]]);
      expect(buffer.snapshot().events).toEqual([{ kind: 'console', t: expect.any(Number), level: 'log', message: 'hello {"me":[Circular]}' }]);
      restore.forEach((r) => r());
      expect(console.log).toBe(fake.log);
    } finally {
      console.log = orig;
    }
  });

  it('does not recurse when a getter logs its own object while being written out', () => {
    const orig = console.warn;
    console.warn = () => {};
    try {
      const buffer = createEventBuffer(100, 1e6);
      const restore = captureConsole(['warn'], buffer.push);
      const sneaky = { get x() { console.warn(sneaky); return 1; } };
      console.warn(sneaky);
      const { events: got } = buffer.snapshot();
      restore.forEach((r) => r());
      expect(got.map((e) => e.kind === 'console' && e.message)).toEqual(['{"x":1}']);
    } finally {
      console.warn = orig;
    }
  });

  it('a recorder that throws loses its event, never the call or its result', () => {
    const orig = console.info;
    console.info = (...a: unknown[]) => a.length;
    try {
      const restore = captureConsole(['info'], () => {
        throw new Error('buffer broke');
      });
      expect((console.info as (...a: unknown[]) => unknown)('a', 'b')).toBe(2);
      restore.forEach((r) => r());
    } finally {
      console.info = orig;
    }
  });
});

describe('fetch capture', () => {
  it('wraps a fetch the page replaced itself, passes results and failures through', async () => {
    const events: Captured[] = [];
    const pageFetch = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).includes('fail')) throw new TypeError('Failed to fetch');
      return new Response('{"ok":true}', { status: 503, headers: { 'content-length': '11' } });
    });
    const before = window.fetch;
    window.fetch = pageFetch as typeof fetch;
    try {
      const restore = captureFetch(NET, (e) => events.push(e));
      const res = await fetch('/api/items', { method: 'post', body: 'abc' });
      expect(await res.json()).toEqual({ ok: true });
      await expect(fetch('/fail')).rejects.toThrow('Failed to fetch');
      // Its `size` counts entries: the size is that of the text sent.
      await fetch('/form', { method: 'POST', body: new URLSearchParams({ a: '1', b: '22' }) });
      expect(pageFetch).toHaveBeenCalledTimes(3);
      // The response size is read from the kept headers at hand-off, off the page's call.
      expect(withHeaders(events[0] as PageEvent, [])).toMatchObject({ response_size: 11 });
      expect(events[0]).not.toHaveProperty('response_size');
      // The method as the page gave it, in capitals at hand-off.
      expect(events.map((e) => withHeaders(e as PageEvent, []))).toMatchObject([
        { kind: 'network', transport: 'fetch', method: 'POST', url: '/api/items', status: 503, request_size: 3 },
        { kind: 'network', method: 'GET', url: '/fail', status: 0, error: 'Failed to fetch' },
        { kind: 'network', method: 'POST', url: '/form', request_size: 8 },
      ]);
      restore();
      expect(window.fetch).toBe(pageFetch);
    } finally {
      window.fetch = before;
    }
  });

  it('leaves a fetch the page installed after the SDK alone on restore', () => {
    const before = window.fetch;
    try {
      const restore = captureFetch(NET, () => {});
      const later = vi.fn();
      window.fetch = later as unknown as typeof fetch;
      restore();
      expect(window.fetch).toBe(later);
    } finally {
      window.fetch = before;
    }
  });

  it('captures headers and bodies only for allowlisted URLs, ignores ignored URLs', async () => {
    const events: Captured[] = [];
    const before = window.fetch;
    window.fetch = (async () => new Response('secret-body', { headers: { 'x-request-id': 'r1' } })) as typeof fetch;
    try {
      const cfg: Parameters<typeof captureFetch>[0] = { _ignore: ['/beacon'] };
      const restore = captureFetch(cfg, (e) => events.push(e));
      // Before the detail chunk is there: no headers, no bodies.
      await fetch('/api/early', { method: 'POST', body: 'q' });
      const [x, restoreDetail] = captureDetail(['/api/'], true);
      cfg._x = x;
      await fetch('/api/a', { method: 'POST', body: 'q', headers: { 'x-trace': 't' } });
      await fetch('/other', { method: 'POST', body: 'q' });
      await fetch('/beacon');
      await new Promise((r) => setTimeout(r, 10));
      restore();
      restoreDetail.forEach((r) => r());
      expect(events).toHaveLength(3);
      const [early, a, b] = events as (Captured & { kind: 'network' })[];
      expect(early).toMatchObject({ url: '/api/early', request_size: 1 });
      expect(early!.request_body).toBeUndefined();
      expect(early!.rawRequestHeaders).toBeUndefined();
      expect(a!.request_body).toBe('q');
      expect(a!.response_body).toBe('secret-body');
      expect(a!.rawRequestHeaders).toBeInstanceOf(Headers);
      expect((a!.rawRequestHeaders as Headers).get('x-trace')).toBe('t');
      expect(b!.request_body).toBeUndefined();
      expect(b!.rawResponseHeaders).toBeUndefined();
    } finally {
      window.fetch = before;
    }
  });
});

describe('errors and navigation', () => {
  it('records uncaught errors and unhandled rejections, described at hand-off', () => {
    const events: Captured[] = [];
    const restore = captureErrors((e) => events.push(e));
    const err = new RangeError('out of range');
    window.dispatchEvent(new ErrorEvent('error', { message: 'Uncaught RangeError: out of range', error: err, filename: 'https://x.test/app.js', lineno: 3, colno: 7 }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: { code: 42 } });
    window.dispatchEvent(rejection);
    restore();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after restore' }));
    const described = events.map((e) => e.kind === 'error' && describeError(e));
    expect(described).toMatchObject([
      { kind: 'error', cause: 'error', message: 'Uncaught RangeError: out of range', source: 'https://x.test/app.js', line: 3, column: 7 },
      { kind: 'error', cause: 'rejection', message: '{"code":42}' },
    ]);
    expect(described[0] && described[0].stack).toContain('RangeError: out of range');
    // A reason whose reading throws loses its event, never the hand-off.
    const hostile = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(hostile, 'reason', { get: () => { throw new Error('no'); } });
    expect(describeError({ kind: 'error', t: 0, raw: hostile })).toBeUndefined();
  });

  it('records history navigations and restores history exactly', () => {
    const events: Captured[] = [];
    const own = Object.prototype.hasOwnProperty.call(history, 'pushState');
    const restore = captureNavigation((e) => events.push(e));
    history.pushState({}, '', '/next');
    history.replaceState({}, '', '/again');
    restore.forEach((r) => r());
    expect(events).toMatchObject([
      { kind: 'navigation', trigger: 'push' },
      { kind: 'navigation', trigger: 'replace' },
    ]);
    expect((events[0] as { url: string }).url).toMatch(/\/next$/);
    expect(Object.prototype.hasOwnProperty.call(history, 'pushState')).toBe(own);
  });
});

describe('init and destroy', () => {
  it("restores every patched function exactly, the detail chunk's too", async () => {
    const originals = {
      log: console.log, error: console.error, warn: console.warn, info: console.info, debug: console.debug,
      fetch: window.fetch, open: XMLHttpRequest.prototype.open, send: XMLHttpRequest.prototype.send,
      setRequestHeader: XMLHttpRequest.prototype.setRequestHeader, pushState: history.pushState, replaceState: history.replaceState,
    };
    init({ key: 'wk_test', host: 'https://app.example.test', launcher: false, capture: { network: { detailUrls: ['/api/'] } } });
    await vi.waitFor(() => expect(XMLHttpRequest.prototype.setRequestHeader).not.toBe(originals.setRequestHeader));
    expect(console.log).not.toBe(originals.log);
    expect(window.fetch).not.toBe(originals.fetch);
    expect(XMLHttpRequest.prototype.send).not.toBe(originals.send);
    destroy();
    expect({
      log: console.log, error: console.error, warn: console.warn, info: console.info, debug: console.debug,
      fetch: window.fetch, open: XMLHttpRequest.prototype.open, send: XMLHttpRequest.prototype.send,
      setRequestHeader: XMLHttpRequest.prototype.setRequestHeader, pushState: history.pushState, replaceState: history.replaceState,
    }).toEqual(originals);
  });

  it('never throws on bad input and reports it on the error event', () => {
    const errors: string[] = [];
    on('error', (e) => errors.push(e.code));
    expect(() => init(undefined as never)).not.toThrow();
    expect(() => init({ key: 'k', host: 'not a url' })).not.toThrow();
    expect(errors).toEqual(['INVALID_OPTIONS', 'INVALID_OPTIONS']);
  });

  it('xhr capture records method, url, status and restores the prototype', async () => {
    const events: Captured[] = [];
    const proto = XMLHttpRequest.prototype;
    const before = { open: proto.open, send: proto.send };
    // A stand-in transport: the real one would need a server; what matters is the wrapper around open/send.
    proto.send = function (this: XMLHttpRequest) {
      Object.defineProperty(this, 'status', { value: 404, configurable: true });
      this.getResponseHeader = (name: string) => (name === 'content-length' ? '42' : null);
      queueMicrotask(() => this.dispatchEvent(new Event('loadend')));
    };
    proto.open = function () {} as typeof proto.open;
    try {
      const restore = captureXhr(NET, (e) => events.push(e));
      const xhr = new XMLHttpRequest();
      xhr.open('delete', '/api/items/1');
      xhr.send();
      await new Promise((r) => setTimeout(r, 5));
      restore.forEach((r) => r());
      expect(events.map((e) => withHeaders(e as PageEvent, []))).toMatchObject([{ kind: 'network', transport: 'xhr', method: 'DELETE', url: '/api/items/1', status: 404, response_size: 42 }]);
    } finally {
      proto.open = before.open;
      proto.send = before.send;
    }
  });
});

describe('isSupported', () => {
  const setNavigator = (key: string, value: unknown) => Object.defineProperty(navigator, key, { value, configurable: true });
  afterEach(() => {
    for (const key of ['maxTouchPoints', 'mediaDevices']) delete (navigator as unknown as Record<string, unknown>)[key];
  });

  it('tells phones and tablets (touch, no screen capture) from old desktop browsers', () => {
    setNavigator('mediaDevices', {});
    setNavigator('maxTouchPoints', 5);
    expect(isSupported()).toEqual({ supported: false, reason: 'mobile' });
    setNavigator('maxTouchPoints', 0);
    expect(isSupported()).toEqual({ supported: false, reason: 'no-screen-capture' });
  });

  it('needs MediaRecorder once screen capture is there', () => {
    setNavigator('mediaDevices', { getDisplayMedia: () => {} });
    const recorder = (window as { MediaRecorder?: unknown }).MediaRecorder;
    delete (window as { MediaRecorder?: unknown }).MediaRecorder;
    try {
      expect(isSupported()).toEqual({ supported: false, reason: 'no-media-recorder' });
      (window as { MediaRecorder?: unknown }).MediaRecorder = function MediaRecorder() {};
      expect(isSupported()).toEqual({ supported: true });
    } finally {
      (window as { MediaRecorder?: unknown }).MediaRecorder = recorder;
    }
  });
});
