import { describe, expect, it } from 'vitest';
import type { WidgetEvent } from '@showback/contract';
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
