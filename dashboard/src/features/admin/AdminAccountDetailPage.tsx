import type { AdminAccountDetail } from '@showback/contract';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AccountActions, AccountFacts } from './AccountPanel.tsx';
import { AuditEntries } from './AuditEntries.tsx';
import { getAccountDetail } from './peopleApi.ts';
import styles from './Admin.module.css';
import helpdesk from '../support/Helpdesk.module.css';
import '../../messages/en/adminPeople.ts';

/** /donkey/accounts/:id: the account's plan, trial, limits, usage and members, its actions and their audit entries. */
export function AdminAccountDetailPage() {
  const { id = '' } = useParams();
  const [account, setAccount] = useState<AdminAccountDetail | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    getAccountDetail(id).then(setAccount, () => setFailed(true));
  }, [id]);

  if (failed) return <Banner tone="error">{t('adminPeople.loadFailed')}</Banner>;
  if (!account) return <Spinner />;
  return (
    <div className={helpdesk.page}>
      <Link to="/donkey/accounts">← {t('adminPeople.backAccounts')}</Link>
      <PageHeader title={account.name} subtitle={t('adminPeople.account')} />
      <div className={styles.detailGrid}>
        <AccountFacts account={account} />
        <AccountActions account={account} onChanged={setAccount} />
      </div>
      <Card className={helpdesk.stack}>
        <h2 className={helpdesk.heading}>{t('adminPeople.audit')}</h2>
        {account.audit.length === 0 ? <p className={helpdesk.muted}>{t('adminPeople.noAudit')}</p> : <AuditEntries entries={account.audit} />}
      </Card>
    </div>
  );
}
