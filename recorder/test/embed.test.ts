import { describe, expect, it } from 'vitest';
import { WIDGET_LIMITS } from '@showback/contract';
import { contextReply, restrictionTarget } from '../src/embed/protocol.ts';
import { sanitizeContext } from '../src/embed/sanitizeContext.ts';

const ok = (t: number, message = 'x') => ({ kind: 'console', t, level: 'log', message });

describe('widget embed: host context is untrusted', () => {
  it('keeps valid events in time order and drops malformed ones, counting them', () => {
    const context = sanitizeContext({
      events: [
        ok(5),
        { kind: 'console', t: 1, level: 'shout', message: 'bad level' },
        { kind: 'network', t: 2, transport: 'fetch', method: 'GET', url: '/x', status: 'oops', duration_ms: 1 },
        { kind: 'console', t: 3, level: 'log', message: 'x', onload: 'alert(1)' },
        null,
        'string',
        { kind: 'error', t: -2, cause: 'error', message: 'boom', stack: 'at x' },
        ok(-10),
      ],
      dropped_events: 4,
    });
    expect(context.events.map((e) => e.t)).toEqual([-10, -2, 5]);
    expect(context.dropped_events).toBe(4 + 5);
  });

  it('caps the count and the bytes, keeping the newest', () => {
    const many = Array.from({ length: WIDGET_LIMITS.maxEvents + 10 }, (_, i) => ok(i));
    const byCount = sanitizeContext({ events: many });
    expect(byCount.events).toHaveLength(WIDGET_LIMITS.maxEvents);
    expect(byCount.events[0]!.t).toBe(10);
    const huge = Array.from({ length: 400 }, (_, i) => ok(i, 'y'.repeat(WIDGET_LIMITS.maxMessageChars)));
    const bySize = sanitizeContext({ events: huge });
    expect(JSON.stringify(bySize.events).length).toBeLessThan(WIDGET_LIMITS.maxContextBytes);
    expect(bySize.events.at(-1)!.t).toBe(399);
    expect(bySize.dropped_events).toBe(400 - bySize.events.length);
  });

  it('keeps only well-typed metadata, identity and environment keys; survives hostile shapes', () => {
    const context = sanitizeContext({
      metadata: { plan: 'pro', seats: 3, beta: true, none: null, nested: { a: 1 }, long: 'z'.repeat(5000), fn: () => 1 },
      identity: { id: 'u1', email: 'a@b.c', admin: true },
      environment: { viewport: '1280x720', page_url: 'https://shop.example/cart', screen: 42, evil: 'x' },
    });
    expect(context.metadata).toEqual({ plan: 'pro', seats: 3, beta: true, none: null });
    expect(context.identity).toBeUndefined();
    expect(context.environment).toEqual({ viewport: '1280x720', page_url: 'https://shop.example/cart' });
    for (const hostile of [null, 42, 'x', [], { events: 'nope', metadata: [], environment: null }]) {
      expect(sanitizeContext(hostile)).toMatchObject({ events: [], metadata: {}, environment: {} });
    }
    expect(sanitizeContext({ identity: { id: 'u1', name: 'Ada' } }).identity).toEqual({ id: 'u1', name: 'Ada' });
  });

  it('repairs text the API would refuse (NUL, a lone surrogate) instead of losing the event', () => {
    const cut = '🐞'.slice(0, 1);
    const context = sanitizeContext({
      events: [ok(1, `a\u0000b ${cut}`)],
      metadata: { [`pl\u0000an`]: `pro${cut}` },
      environment: { page_url: `https://shop.example/\u0000` },
    });
    expect(context.events).toEqual([ok(1, 'ab \ufffd')]);
    expect(context.metadata).toEqual({ plan: 'pro\ufffd' });
    expect(context.environment).toEqual({ page_url: 'https://shop.example/' });
    expect(JSON.stringify(context)).not.toMatch(/\\u0000|\\ud83d/);
  });

  it('reads only the context reply to its own request id', () => {
    const reply = { protocol: 'showback-widget', v: 1, type: 'context', id: 'abc', context: { events: [] } };
    expect(contextReply(reply, 'abc')).toEqual({ events: [] });
    expect(contextReply(reply, 'other')).toBeUndefined();
    expect(contextReply({ ...reply, v: 2 }, 'abc')).toBeUndefined();
    expect(contextReply({ ...reply, protocol: 'x' }, 'abc')).toBeUndefined();
    expect(contextReply('{"type":"context"}', 'abc')).toBeUndefined();
  });

  it('takes only a RestrictionTarget of this browser from capture:restrict, and none where the browser has no Element Capture', () => {
    const g = globalThis as { RestrictionTarget?: unknown };
    const message = (target: unknown) => ({ protocol: 'showback-widget', v: 1, type: 'capture:restrict', target });
    // Node has no Element Capture, like Firefox and Safari: nothing is taken. null is "the whole tab again".
    expect(restrictionTarget(message({}))).toBeUndefined();
    expect(restrictionTarget(message(null))).toBeNull();
    // A stand-in for the browser's class: the check is that the clone is an instance of it (real one: e2e/widget).
    class RestrictionTarget {}
    g.RestrictionTarget = RestrictionTarget;
    try {
      const target = new RestrictionTarget();
      expect(restrictionTarget(message(target))).toBe(target);
      for (const forged of [{}, 'element', undefined, { fromElement: 1 }]) expect(restrictionTarget(message(forged))).toBeUndefined();
      expect(restrictionTarget({ ...message(target), v: 2 })).toBeUndefined();
      expect(restrictionTarget({ ...message(target), type: 'context' })).toBeUndefined();
      expect(restrictionTarget(null)).toBeUndefined();
    } finally {
      delete g.RestrictionTarget;
    }
  });
});
