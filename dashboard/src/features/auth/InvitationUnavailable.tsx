import { Link } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import { buttonClassName } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import styles from './AuthForm.module.css';
import '../../messages/en/auth.ts';

/** The page of an invitation link that cannot be used (unknown, expired, withdrawn, used, no seat, address taken). */
export function InvitationUnavailable({ reason }: { reason: string }) {
  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        <h1 className={styles.title}>{t('auth.invitation.unavailableTitle')}</h1>
        <p className={styles.subtitle} role="alert">{reason}</p>
        <p className={styles.subtitle}>{t('auth.invitation.unavailableHelp')}</p>
        <div className={styles.form}>
          <Link className={buttonClassName({ block: true })} to="/sign-in">{t('auth.invitation.signIn')}</Link>
          <Link className={buttonClassName({ variant: 'secondary', block: true })} to="/sign-up">{t('auth.invitation.ownWorkspace')}</Link>
        </div>
      </Card>
    </div>
  );
}
