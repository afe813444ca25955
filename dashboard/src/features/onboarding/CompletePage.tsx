import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DASHBOARD_PATH } from '../../app/paths.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { userAtom } from '../auth/userAtom.ts';
import { takeChosenPlanPath } from '../auth/chosenPlan.ts';
import { completeOnboarding } from './onboardingApi.ts';
import styles from './OnboardingLayout.module.css';
import '../../messages/en/onboarding.ts';
import '../../messages/en/common.ts';

let pending: Promise<void> | undefined;

/** Step 3: marks onboarding complete, stores the updated user, then opens the dashboard (or the chosen plan's checkout). */
export function CompletePage() {
  const setUser = useSetAtom(userAtom);
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  const finish = useCallback(() => {
    setFailed(false);
    pending ??= completeOnboarding().then(setUser);
    pending.then(
      // A plan picked on the pricing page before signing up: its checkout starts now.
      () => navigate(takeChosenPlanPath() ?? DASHBOARD_PATH, { replace: true }),
      () => {
        pending = undefined;
        setFailed(true);
      },
    );
  }, [navigate, setUser]);

  useEffect(finish, [finish]);

  return (
    <Card>
      <p className={styles.stepLabel}>{t('onboarding.stepLabel', { step: 3, total: 3 })}</p>
      <h1 className={styles.title}>{t('onboarding.completeTitle')}</h1>
      {failed ? (
        <>
          <Banner tone="error">{t('onboarding.completeFailed')}</Banner>
          <div className={styles.actions}>
            <Button onClick={finish}>{t('common.retry')}</Button>
          </div>
        </>
      ) : (
        <p className={styles.subtitle} style={{ display: 'flex', gap: '0.75rem', alignItems: 'center' }}>
          <Spinner size="small" label="" /> {t('onboarding.completeSubtitle')}
        </p>
      )}
    </Card>
  );
}
