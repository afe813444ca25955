import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import { Logo } from '../../ui/Logo.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import styles from './OnboardingLayout.module.css';
import '../../messages/en/onboarding.ts';

export const ONBOARDING_STEPS = ['/onboarding/workspace', '/onboarding/link-ready', '/onboarding/complete'] as const;

/** The three onboarding steps share a quiet layout: logo, progress, the step. */
export function OnboardingLayout() {
  const { pathname } = useLocation();
  const index = ONBOARDING_STEPS.findIndex((step) => pathname.startsWith(step));
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Logo />
        <ol className={styles.steps} aria-label={t('onboarding.stepLabel', { step: index + 1, total: ONBOARDING_STEPS.length })}>
          {ONBOARDING_STEPS.map((step, i) => (
            <li key={step} className={[styles.step, i <= index ? styles.stepDone : ''].join(' ')} />
          ))}
        </ol>
      </header>
      <main className={styles.main} id="main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
