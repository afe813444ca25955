/**
 * How a time between two whole seconds is shown: a moment of the video floors (what the player shows at that
 * instant, and the second `?t=` opens), a recording's length rounds (4.6 s of video is "0:05").
 */
export type ClockRounding = 'floor' | 'round';

const wholeSeconds = (ms: number, rounding: ClockRounding): number => Math.max(0, Math[rounding](ms / 1000));
const pad = (n: number): string => String(n).padStart(2, '0');

/** 65_000 → "1:05", 3_725_000 → "1:02:05": a media player's clock, the same digits in every language. */
export function playerClock(ms: number, rounding: ClockRounding = 'floor'): string {
  const total = wholeSeconds(ms, rounding);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** 5_000 → "00:05", 4_500_000 → "75:00": minutes and seconds, zero-padded, for moments written into texts. */
export function paddedClock(ms: number, rounding: ClockRounding = 'floor'): string {
  const total = wholeSeconds(ms, rounding);
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}
