import type { ReactNode } from 'react';
import { t } from '../../messages/t.ts';
import styles from './TeamPage.module.css';
import '../../messages/en/team.ts';

/** A table of the team page: its headings, an unlabelled actions column for those who manage the team, the rows. */
export function TeamTable({ label, columns, withActions, children }: { label: string; columns: string[]; withActions: boolean; children: ReactNode }) {
  return (
    <table className={styles.table} aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">{column}</th>
          ))}
          {withActions && <th scope="col"><span className="visually-hidden">{t('team.actions')}</span></th>}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
