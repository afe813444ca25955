import type { AdminAuditEntry } from '@showback/contract';
import { auditActionLabel, auditChange } from './auditEntry.ts';
import styles from './Admin.module.css';
import helpdesk from '../support/Helpdesk.module.css';
import { formatDateTime } from '../../ui/formatters.ts';

/**
 * The admin actions about one user or account, newest first: what in words, when and by whom, and the change. A list
 * rather than a table, so a phone shows it without scrolling sideways.
 */
export function AuditEntries({ entries }: { entries: AdminAuditEntry[] }) {
  return (
    <ul className={helpdesk.list}>
      {entries.map((a) => (
        <li key={a.id} className={styles.auditEntry}>
          <strong>{auditActionLabel(a.action)}</strong>
          <span className={helpdesk.meta}>{formatDateTime(a.created_at)} · {a.actor_email}</span>
          <span className={helpdesk.text}>{auditChange(a)}</span>
        </li>
      ))}
    </ul>
  );
}
