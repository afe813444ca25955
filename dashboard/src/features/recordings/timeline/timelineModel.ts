import { actionSentence, type WidgetEvent } from '@showback/contract';

export type LevelFilter = 'all' | 'error' | 'warn' | 'info' | 'debug';
export type StatusFilter = 'all' | 'failed' | 'ok' | 'none';
export const LEVEL_FILTERS: LevelFilter[] = ['all', 'error', 'warn', 'info', 'debug'];
export const STATUS_FILTERS: StatusFilter[] = ['all', 'failed', 'ok', 'none'];
/** `input`: clicks, taps, field changes, keys and submits (without tab, window and scroll changes). */
export type ActionFilter = 'all' | 'input' | 'none';
export const ACTION_FILTERS: ActionFilter[] = ['all', 'input', 'none'];
const INPUT_ACTIONS = new Set(['click', 'tap', 'change', 'key', 'submit']);

/** A failed request (HTTP ≥ 400, or no response at all) or an error: what the reviewer looks for first. */
export function isBad(e: WidgetEvent): boolean {
  if (e.kind === 'error') return true;
  if (e.kind === 'console') return e.level === 'error';
  if (e.kind === 'network') return e.status === 0 || e.status >= 400;
  return false;
}

/**
 * Level filters console messages and uncaught errors; the request filter, network events; the action filter, the
 * customer's actions; navigations show with "all".
 */
export function matches(e: WidgetEvent, level: LevelFilter, status: StatusFilter, actions: ActionFilter = 'all'): boolean {
  if (e.kind === 'action') return actions === 'all' || (actions === 'input' && INPUT_ACTIONS.has(e.action));
  if (e.kind === 'network') {
    if (status === 'none') return false;
    if (status === 'failed') return isBad(e);
    if (status === 'ok') return !isBad(e);
    return true;
  }
  if (level === 'all') return true;
  if (e.kind === 'error') return level === 'error';
  if (e.kind === 'console') return level === 'info' ? e.level === 'info' || e.level === 'log' : e.level === level;
  return false;
}

/**
 * The event the player is at: the last one at or before the current time. Events before the recording are never
 * current (the video cannot show them).
 */
export function currentIndex(events: readonly WidgetEvent[], seconds: number): number {
  const ms = seconds * 1000;
  let found = -1;
  for (let i = 0; i < events.length; i++) {
    const t = events[i]!.t;
    if (t > ms) break;
    if (t >= 0) found = i;
  }
  return found;
}

/** `1:05.3`, or `−0:04.0` before the recording started. */
export function formatOffset(ms: number): string {
  const sign = ms < 0 ? '−' : '';
  const abs = Math.abs(ms) / 1000;
  const m = Math.floor(abs / 60);
  const s = (abs - m * 60).toFixed(1).padStart(4, '0');
  return `${sign}${m}:${s}`;
}

export function summary(e: WidgetEvent): string {
  switch (e.kind) {
    case 'console':
      return e.message;
    case 'error':
      return e.message;
    case 'network':
      return `${e.method} ${e.url}`;
    case 'navigation':
      return e.url;
    case 'action':
      return actionSentence(e);
  }
}
