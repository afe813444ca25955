import type { AdminAuditEntry } from '@showback/contract';
import { adminOps } from '../../messages/en/adminOps.ts';
import { t, type MessageKey } from '../../messages/t.ts';
import { formatDateTime } from '../../ui/formatters.ts';

type Labels = Record<string, Record<string, string> | undefined>;

/** What an admin did, in words ("Revoked a recording link"); an action without words yet is shown as recorded. */
export function auditActionLabel(action: string): string {
  const [target = '', verb = ''] = action.split('.');
  return (adminOps.audit as Labels)[target]?.[verb] ? t(`adminOps.audit.${action}` as MessageKey) : action;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const valueText = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatDateTime(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/**
 * The change an audit entry records, field by field: "trial ends at: Dec 24, 2026, 10:00 AM → Jan 3, 2027, 10:00 AM · name: Acme". A field on
 * one side only (the target's email, a reply's id) is shown as it is; a field that did not change is left out.
 */
export function auditChange(entry: Pick<AdminAuditEntry, 'before' | 'after'>): string {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const lines = [...new Set([...Object.keys(before), ...Object.keys(after)])].flatMap((key) => {
    const field = key.replaceAll('_', ' ');
    if (!(key in before) || !(key in after)) return [`${field}: ${valueText(key in after ? after[key] : before[key])}`];
    const [was, now] = [valueText(before[key]), valueText(after[key])];
    return was === now ? [] : [`${field}: ${was} → ${now}`];
  });
  return lines.join(' · ') || '—';
}
