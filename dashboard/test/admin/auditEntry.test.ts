import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditChange } from '../../src/features/admin/auditEntry.ts';
import { formatDateTime } from '../../src/ui/formatters.ts';

describe('audit entries in words', () => {
  it('names the people and account actions', () => {
    expect(auditActionLabel('user.password_reset')).toBe('Sent a password reset');
    expect(auditActionLabel('account.extend_trial')).toBe('Extended a trial');
    expect(auditActionLabel('account.set_limits')).toBe('Set enterprise limits');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });

  it('lists what changed field by field, dates as dates, and leaves unchanged fields out', () => {
    const trial = auditChange({ before: { trial_ends_at: '2026-12-24T10:00:00.000Z', name: 'Acme' }, after: { trial_ends_at: '2027-01-03T10:00:00.000Z' } });
    expect(trial).toBe(`trial ends at: ${formatDateTime('2026-12-24T10:00:00.000Z')} → ${formatDateTime('2027-01-03T10:00:00.000Z')} · name: Acme`);
    expect(auditChange({ before: { submission_limit: null, seats: 5, retention_days: 30 }, after: { submission_limit: 100, seats: 5, retention_days: null } })).toBe('submission limit: — → 100 · retention days: 30 → —');
    expect(auditChange({ before: null, after: { email: 'a@example.test' } })).toBe('email: a@example.test');
    expect(auditChange({ before: null, after: null })).toBe('—');
  });
});
