import type { RecordingRequest } from '@showback/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button, buttonClassName } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useToast } from '../../ui/useToast.ts';
import { firstRecordingRequest } from './onboardingApi.ts';
import styles from './OnboardingLayout.module.css';
import '../../messages/en/onboarding.ts';
import '../../messages/en/common.ts';

type State = { status: 'loading' } | { status: 'ready'; request: RecordingRequest } | { status: 'failed' };

// One creation per page load even when React runs the effect twice (StrictMode) or the step is revisited.
let pending: Promise<RecordingRequest> | undefined;

/** Step 2: the first recording link, ready to copy and send. */
export function LinkReadyPage() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const { show } = useToast();

  useEffect(() => {
    let live = true;
    pending ??= firstRecordingRequest(t('onboarding.firstRequestTitle'));
    pending.then(
      (request) => live && setState({ status: 'ready', request }),
      () => {
        pending = undefined;
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      show({ tone: 'success', message: t('common.copied'), lifetimeMs: TOAST_LIFETIME.copy });
    } catch {
      show({ tone: 'error', message: t('common.copyFailed') });
    }
  };

  return (
    <Card>
      <p className={styles.stepLabel}>{t('onboarding.stepLabel', { step: 2, total: 3 })}</p>
      <h1 className={styles.title}>{t('onboarding.linkReadyTitle')}</h1>
      <p className={styles.subtitle}>{t('onboarding.linkReadySubtitle')}</p>
      {state.status === 'loading' && (
        <p style={{ display: 'flex', gap: '0.75rem', alignItems: 'center' }}>
          <Spinner size="small" label="" /> {t('onboarding.linkCreating')}
        </p>
      )}
      {state.status === 'failed' && <Banner tone="warning">{t('onboarding.linkFailed')}</Banner>}
      {state.status === 'ready' && (
        <div className={styles.linkBox}>
          <TextField label={t('onboarding.linkLabel')} name="link" readOnly value={state.request.link_url} onFocus={(e) => e.currentTarget.select()} />
          <Button variant="secondary" onClick={() => void copy(state.request.link_url)}>
            {t('onboarding.copyLink')}
          </Button>
        </div>
      )}
      <div className={styles.actions}>
        <Link className={buttonClassName()} to="/onboarding/complete">
          {t('onboarding.next')}
        </Link>
      </div>
    </Card>
  );
}
