import { describe, expect, it } from 'vitest';
import type { WidgetEvent } from '@showback/contract';
import { currentIndex, formatOffset, isBad, matches, summary } from '../../src/features/recordings/timeline/timelineModel.ts';

const log = (t: number, level: 'log' | 'error' | 'warn' | 'debug' | 'info' = 'log'): WidgetEvent => ({ kind: 'console', t, level, message: 'm' });
const req = (t: number, status: number): WidgetEvent => ({ kind: 'network', t, transport: 'fetch', method: 'GET', url: '/x', status, duration_ms: 5 });

describe('review timeline model', () => {
  it('marks failed requests (≥ 400 or no response) and errors', () => {
    expect([req(0, 200), req(0, 404), req(0, 0), log(0, 'error'), log(0, 'warn')].map(isBad)).toEqual([false, true, true, true, false]);
    expect(isBad({ kind: 'error', t: 0, cause: 'error', message: 'x' })).toBe(true);
  });

  it('filters by level and by request status', () => {
    const events = [log(1, 'error'), log(2, 'warn'), log(3, 'log'), log(4, 'info'), req(5, 500), req(6, 200), { kind: 'navigation', t: 7, url: '/a', trigger: 'push' } as WidgetEvent];
    const pick = (l: Parameters<typeof matches>[1], s: Parameters<typeof matches>[2]) => events.filter((e) => matches(e, l, s)).map((e) => e.t);
    expect(pick('all', 'all')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pick('error', 'failed')).toEqual([1, 5]);
    expect(pick('info', 'none')).toEqual([3, 4]);
    expect(pick('all', 'ok')).toEqual([1, 2, 3, 4, 6, 7]);
  });

  it('filters the customer’s actions on their own, and says them in words', () => {
    const click: WidgetEvent = { kind: 'action', t: 1, action: 'click', role: 'button', name: 'Pay now', selector: '#pay' };
    const scroll: WidgetEvent = { kind: 'action', t: 2, action: 'scroll', role: 'page' };
    const events = [click, scroll, log(3, 'error')];
    const pick = (a: Parameters<typeof matches>[3]) => events.filter((e) => matches(e, 'error', 'all', a)).map((e) => e.t);
    expect(pick('all')).toEqual([1, 2, 3]);
    expect(pick('input')).toEqual([1, 3]);
    expect(pick('none')).toEqual([3]);
    expect([click, scroll].map(summary)).toEqual(["Clicked 'Pay now'", 'Scrolled the page']);
  });

  it('finds the event the player is at, never one from before the recording', () => {
    const events = [log(-3000), log(-10), log(0), log(1500), log(4000)];
    expect(currentIndex(events, 0)).toBe(2);
    expect(currentIndex(events, 1.4)).toBe(2);
    expect(currentIndex(events, 1.5)).toBe(3);
    expect(currentIndex(events, 99)).toBe(4);
    expect(currentIndex([log(-5)], 3)).toBe(-1);
  });

  it('formats offsets with a sign before the recording', () => {
    expect(formatOffset(65_300)).toBe('1:05.3');
    expect(formatOffset(-4000)).toBe('−0:04.0');
  });
});
