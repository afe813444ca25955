// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { listenToRecorder, parseRecorderMessage } from '../src/widget/protocol.ts';

const ok = { protocol: 'showback-widget', v: 1 };

describe('recorder messages', () => {
  it('accepts well-formed messages of this protocol version', () => {
    expect(parseRecorderMessage({ ...ok, type: 'recording:start', startedAt: 1700000000000 })).toBeTruthy();
    expect(parseRecorderMessage({ ...ok, type: 'upload:progress', loaded: 10, total: null })).toBeTruthy();
    expect(parseRecorderMessage({ ...ok, type: 'context:request', id: 'c1', startedAt: 5 })).toBeTruthy();
    expect(parseRecorderMessage({ ...ok, type: 'layout', layout: 'compact' })).toBeTruthy();
    expect(parseRecorderMessage({ ...ok, type: 'layout', layout: 'full' })).toBeTruthy();
  });

  it('refuses other protocols, versions, unknown types and wrong shapes', () => {
    for (const bad of [
      null, 'string', 42, [], {},
      { ...ok, v: 2, type: 'ready' },
      { protocol: 'other', v: 1, type: 'ready' },
      { ...ok, type: '__proto__' },
      { ...ok, type: 'recording:start', startedAt: '1' },
      { ...ok, type: 'recording:start', startedAt: Infinity },
      { ...ok, type: 'upload:progress', loaded: 1 },
      { ...ok, type: 'submitted', submissionId: 'x'.repeat(101) },
      { ...ok, type: 'error', code: 'E', message: 'x'.repeat(5000) },
      { ...ok, type: 'context:request', id: { toString: () => 'c' }, startedAt: 1 },
      { ...ok, type: 'layout', layout: 'hidden' },
      { ...ok, type: 'layout' },
    ])
      expect(parseRecorderMessage(bad)).toBeUndefined();
  });

  it('listens only to the recorder frame at the product origin', () => {
    const frame = {} as Window;
    const other = {} as Window;
    const got: string[] = [];
    const stop = listenToRecorder('https://app.example.test', () => frame, (m) => got.push(m.type));
    const send = (data: unknown, origin: string, source: Window | null) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as MessageEventSource }));
    send({ ...ok, type: 'close' }, 'https://evil.test', frame);
    send({ ...ok, type: 'close' }, 'https://app.example.test', other);
    send({ ...ok, type: 'close' }, 'https://app.example.test', null);
    send({ ...ok, type: 'nonsense' }, 'https://app.example.test', frame);
    send(Object.defineProperty({}, 'protocol', { get: () => { throw new Error('hostile'); } }), 'https://app.example.test', frame);
    send({ ...ok, type: 'ready' }, 'https://app.example.test', frame);
    stop();
    send({ ...ok, type: 'close' }, 'https://app.example.test', frame);
    expect(got).toEqual(['ready']);
  });
});
