import { useAtomValue } from 'jotai';
import { t } from '../../messages/t.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { usePermission } from '../auth/usePermission.ts';
import { userAtom } from '../auth/userAtom.ts';
import { useSignOut } from '../auth/useSignOut.ts';
import { BillingSection } from '../billing/BillingSection.tsx';
import { NewRecordingEmailToggle } from '../integrations/NewRecordingEmailToggle.tsx';
import { AccessTokensSection } from './AccessTokensSection.tsx';
import { BrandingSection } from './BrandingSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { SharingSection } from './SharingSection.tsx';
import { SubdomainSection } from './SubdomainSection.tsx';
import { WorkspaceSection } from './WorkspaceSection.tsx';
import styles from './AccountPage.module.css';
import '../../messages/en/account.ts';
import '../../messages/en/integrationsApp.ts';
import '../../messages/en/app.ts';

/** /my/account: profile, password, workspace settings, billing, access tokens, email alerts and sign-out. */
export function AccountPage() {
  const user = useAtomValue(userAtom);
  const { signOut, signingOut } = useSignOut();
  const { allowed: choosesSubdomain } = usePermission('account.subdomain');
  return (
    <div className={styles.page}>
      <PageHeader title={t('account.title')} subtitle={t('account.subtitle')} />
      <div className={styles.grid}>
        <ProfileSection />
        <PasswordSection />
        <div className={styles.wide}>
          <BillingSection />
        </div>
        <WorkspaceSection />
        <div className={styles.wide}>
          <BrandingSection />
        </div>
        {choosesSubdomain && <SubdomainSection />}
        <SharingSection />
        <div className={styles.wide}>
          <AccessTokensSection />
        </div>
        <Card className={styles.section}>
          <h2 className={styles.heading}>{t('integrationsApp.emailHeading')}</h2>
          <p className={styles.intro}>{t('integrationsApp.email.text')}</p>
          <NewRecordingEmailToggle />
        </Card>
        <Card className={styles.section}>
          <h2 className={styles.heading}>{t('account.signOutHeading')}</h2>
          <p className={styles.intro}>{t('account.signOutText', { email: user?.email ?? '' })}</p>
          <div className={styles.actions}>
            <Button variant="secondary" busy={signingOut} onClick={() => void signOut()}>{t('app.signOut')}</Button>
          </div>
        </Card>
      </div>
    </div>
  );
}
