import type { AdminAuditEntry } from '@showback/contract';
import { current } from '../../messages/current.ts';
import { t, type MessageKey } from '../../messages/t.ts';

type Labels = Record<string, Record<string, string> | undefined>;

/** What an admin did, in words ("Revoked a recording link"); an action without words yet is shown as recorded. */
export function auditActionLabel(action: string): string {
  const [target = '', verb = ''] = action.split('.');
  return (current.adminOps.audit as Labels)[target]?.[verb] ? t(`adminOps.audit.${action}` as MessageKey) : action;
}

const valueText = (value: unknown): string => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));
const fields = (values: Record<string, unknown> | null): string =>
  values ? Object.entries(values).map(([key, value]) => `${key.replaceAll('_', ' ')}: ${valueText(value)}`).join(', ') : '—';

/** The change an audit entry records, as "status: failed, processing error: … → status: queued". */
export function auditChange(entry: Pick<AdminAuditEntry, 'before' | 'after'>): string {
  return `${fields(entry.before)} → ${fields(entry.after)}`;
}
