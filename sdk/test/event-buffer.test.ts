import { describe, expect, it } from 'vitest';
import { createEventBuffer } from '../src/core/event-buffer.ts';

const log = (i: number, message = 'm') => ({ kind: 'console' as const, t: i, level: 'log' as const, message });

describe('rolling buffer', () => {
  it('writes console arguments out later, with the byte limit applied then', () => {
    const b = createEventBuffer(1000, 10_000);
    for (let i = 0; i < 10; i++) b.push({ kind: 'console', t: i, level: 'log', message: '', args: ['x'.repeat(3000), { i }] });
    const s = b.snapshot();
    expect(s.events.map((e) => e.t)).toEqual([7, 8, 9]);
    expect(s.events[2]).toEqual({ kind: 'console', t: 9, level: 'log', message: `${'x'.repeat(3000)} {"i":9}` });
  });

  it('keeps the newest events within the count limit and counts the dropped ones', () => {
    const b = createEventBuffer(3, 1e9);
    for (let i = 0; i < 10; i++) b.push(log(i));
    const s = b.snapshot();
    expect(s.events.map((e) => e.t)).toEqual([7, 8, 9]);
    expect(s.dropped).toBe(7);
  });

  it('keeps the newest events within the byte limit', () => {
    const b = createEventBuffer(1000, 10_000);
    for (let i = 0; i < 10; i++) b.push(log(i, 'x'.repeat(3000)));
    const s = b.snapshot();
    expect(s.events.map((e) => e.t)).toEqual([7, 8, 9]);
    expect(s.dropped).toBe(7);
  });
});
