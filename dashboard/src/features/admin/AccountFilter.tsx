import { t } from '../../messages/t.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './AccountFilter.module.css';
import helpdesk from '../support/Helpdesk.module.css';
import '../../messages/en/adminOps.ts';

/** An account's name in an admin list: a click narrows the list to that account (?account_id=). */
export function AccountCell({ id, name, onPick }: { id: string; name: string; onPick: (id: string) => void }) {
  return (
    <button type="button" className={styles.account} title={t('adminOps.accountFilter', { name })} onClick={() => onPick(id)}>
      {name}
    </button>
  );
}

/** Shown while a list is narrowed to one account (named by a row, or by its id's start when none), with the way back. */
export function AccountFilterNote({ accountId, name, onClear }: { accountId: string; name: string | undefined; onClear: () => void }) {
  if (!accountId) return null;
  return (
    <p className={helpdesk.row}>
      <span className={helpdesk.muted}>{t('adminOps.accountFilter', { name: name ?? accountId.slice(0, 8) })}</span>
      <Button size="small" variant="secondary" onClick={onClear}>{t('adminOps.accountFilterClear')}</Button>
    </p>
  );
}
