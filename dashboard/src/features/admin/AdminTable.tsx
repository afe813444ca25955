import { useState, type ReactNode } from 'react';
import { t } from '../../messages/t.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './Admin.module.css';
import helpdesk from '../support/Helpdesk.module.css';
import '../../messages/en/helpdesk.ts';
import '../../messages/en/adminArea.ts';

/** The search box of an admin list with its filters; the search applies on submit, the filters at once. */
export function AdminSearchForm({ initial, placeholder, onSearch, children }: { initial: string; placeholder: string; onSearch: (q: string) => void; children?: ReactNode }) {
  const [search, setSearch] = useState(initial);
  return (
    <form
      className={helpdesk.row}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(search.trim());
      }}
    >
      <TextField label={t('helpdesk.admin.search')} placeholder={placeholder} value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />
      {children}
      <Button type="submit" variant="secondary">{t('helpdesk.admin.search')}</Button>
    </form>
  );
}

/**
 * A table of an admin list: its column headings, a row saying nothing matches when `empty` (or `emptyText`: what will
 * appear there, for a list that has nothing yet), and the rows.
 */
export function AdminTable({ columns, empty, emptyText, children }: { columns: string[]; empty: boolean; emptyText?: string; children: ReactNode }) {
  return (
    <Card className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty && (
            <tr>
              <td colSpan={columns.length}>{emptyText ?? t('adminArea.none')}</td>
            </tr>
          )}
          {children}
        </tbody>
      </table>
    </Card>
  );
}
