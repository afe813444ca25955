import type { User } from '@showback/contract';
import { describe, expect, it } from 'vitest';
import { readUsage } from '../../src/features/dashboard-home/readUsage.ts';
import { formatBytes, formatDuration } from '../../src/ui/formatters.ts';

const user = (account: Record<string, unknown>): User => ({ account } as unknown as User);

describe('readUsage', () => {
  it('reads used / limit and the spec thresholds (75 % approaching, 100 % reached)', () => {
    expect(readUsage(user({ submissions_used_this_month: 3, submission_limit: 10 }))).toEqual({ used: 3, limit: 10, level: 'normal' });
    expect(readUsage(user({ submissions_used_this_month: 7, submission_limit: 10 }))?.level).toBe('normal');
    expect(readUsage(user({ submissions_used_this_month: 8, submission_limit: 10 }))?.level).toBe('approaching');
    expect(readUsage(user({ submissions_used_this_month: 10, submission_limit: 10 }))?.level).toBe('reached');
    expect(readUsage(user({ submissions_used_this_month: 12, submission_limit: 10 }))?.level).toBe('reached');
  });

  it('has no limit when the plan has none, and nothing when the API sends no usage', () => {
    expect(readUsage(user({ submissions_used_this_month: 40, submission_limit: null }))).toEqual({ used: 40, limit: null, level: 'normal' });
    expect(readUsage(user({ name: 'Acme' }))).toBeUndefined();
    expect(readUsage(null)).toBeUndefined();
  });
});

describe('formatters', () => {
  it('formats lengths as m:ss or h:mm:ss and sizes in binary units', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65_000)).toBe('1:05');
    expect(formatDuration(3_725_400)).toBe('1:02:05');
    expect(formatDuration(null)).toBe('—');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(110_387)).toBe('107.8 KB');
    expect(formatBytes(null)).toBe('—');
  });
});
