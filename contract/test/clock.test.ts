import { describe, expect, it } from 'vitest';
import { paddedClock, playerClock } from '../src/clock.ts';

describe('clocks', () => {
  it('the player clock: m:ss, hours when there are any', () => {
    expect(playerClock(0)).toBe('0:00');
    expect(playerClock(5_000)).toBe('0:05');
    expect(playerClock(65_000)).toBe('1:05');
    expect(playerClock(3_600_000)).toBe('1:00:00');
    expect(playerClock(3_725_000)).toBe('1:02:05');
  });

  it('the zero-padded clock: mm:ss, minutes past the hour', () => {
    expect(paddedClock(0)).toBe('00:00');
    expect(paddedClock(5_000)).toBe('00:05');
    expect(paddedClock(65_000)).toBe('01:05');
    expect(paddedClock(4_500_000)).toBe('75:00');
  });

  it('floors a moment, rounds a length, and shows nothing before zero', () => {
    expect(playerClock(59_600)).toBe('0:59');
    expect(playerClock(59_600, 'round')).toBe('1:00');
    expect(playerClock(3_599_500, 'round')).toBe('1:00:00');
    expect(paddedClock(4_600)).toBe('00:04');
    expect(paddedClock(4_600, 'round')).toBe('00:05');
    expect(playerClock(-400, 'round')).toBe('0:00');
    expect(paddedClock(-1_500)).toBe('00:00');
  });
});
