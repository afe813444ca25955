import { describe, expect, it } from 'vitest';
import { WIDGET_LIMITS, type WidgetEvent } from '@showback/contract';
import { capEvents } from '../src/modules/widget/submission-context.ts';
import { normalizeAllowedOrigin, originAllowed, originCandidates } from '../src/modules/widget/widget-origins.ts';

describe('widget caps and origins', () => {
  it('drops the oldest events once the byte cap is passed', () => {
    const events: WidgetEvent[] = Array.from({ length: 10 }, (_, i) => ({ kind: 'console', t: 100 - i * 10, level: 'log', message: 'x'.repeat(1000) }));
    const { kept, dropped } = capEvents(events, 5500);
    expect(dropped).toBe(5);
    expect(kept.map((e) => e.t)).toEqual([60, 70, 80, 90, 100]);
    expect(capEvents(events).dropped).toBe(0);
  });

  it('keeps the latest actions up to the cap, and every other event', () => {
    const actions: WidgetEvent[] = Array.from({ length: WIDGET_LIMITS.maxActions + 3 }, (_, i) => ({ kind: 'action', t: i, action: 'click', role: 'button' }));
    const log: WidgetEvent = { kind: 'console', t: 1, level: 'log', message: 'kept' };
    const { kept, dropped } = capEvents([...actions, log]);
    expect(dropped).toBe(3);
    expect(kept.filter((e) => e.kind === 'action')).toHaveLength(WIDGET_LIMITS.maxActions);
    expect(kept[0]).toEqual(log);
    expect(kept.find((e) => e.kind === 'action')!.t).toBe(3);
  });

  it('matches exact origins and subdomain wildcards only', () => {
    expect(normalizeAllowedOrigin('https://*.Example.com:443/')).toBe('https://*.example.com');
    expect(normalizeAllowedOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(normalizeAllowedOrigin('https://*.com')).toBeUndefined();
    expect(normalizeAllowedOrigin('https://a.example.com/x')).toBeUndefined();
    expect(normalizeAllowedOrigin('https://user@a.example.com')).toBeUndefined();
    expect(originCandidates('https://a.b.example.com')).toEqual(['https://a.b.example.com', 'https://*.b.example.com', 'https://*.example.com']);
    const allowed = ['https://*.example.com', 'http://127.0.0.1:8080'];
    expect(originAllowed(allowed, 'https://shop.example.com')).toBe(true);
    expect(originAllowed(allowed, 'https://example.com')).toBe(false);
    expect(originAllowed(allowed, 'http://shop.example.com')).toBe(false);
    expect(originAllowed(allowed, 'https://shop.example.com.evil.io')).toBe(false);
    expect(originAllowed(allowed, 'https://shop.example.com:8443')).toBe(false);
    expect(originAllowed(allowed, 'http://127.0.0.1:8080')).toBe(true);
    expect(originAllowed(allowed, 'http://127.0.0.1:8081')).toBe(false);
  });
});
