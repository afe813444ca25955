import { useEffect, useRef } from 'react';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useToast } from '../../ui/useToast.ts';
import { ZapierSetupSteps } from './ZapierSetupSteps.tsx';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

/** Spec §2: the 500px modal that shows the key once, read-only, with a copy button, the warnings and 4 setup steps. */
export function ZapierKeyModal({ apiKey, onClose }: { apiKey: string; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const toast = useToast();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const copy = () => void navigator.clipboard.writeText(apiKey).then(() => toast.show({ tone: 'success', message: t('integrationsApp.zapierCard.copied'), lifetimeMs: TOAST_LIFETIME.copy }));
  return (
    <dialog ref={dialog} className={styles.modal} aria-labelledby="zapier-key-title" onClose={onClose}>
      <h2 id="zapier-key-title" className={styles.heading}>{t('integrationsApp.zapierCard.modalTitle')}</h2>
      <TextField label={t('integrationsApp.zapierCard.keyLabel')} value={apiKey} readOnly onFocus={(e) => e.target.select()} end={<Button size="small" variant="secondary" onClick={copy}>{t('integrationsApp.zapierCard.copy')}</Button>} />
      <Banner tone="warning">
        {t('integrationsApp.zapierCard.warningOnce')} {t('integrationsApp.zapierCard.warningSecret')}
      </Banner>
      <h3 className={styles.cardTitle}>{t('integrationsApp.zapierCard.stepsTitle')}</h3>
      <ZapierSetupSteps />
      <div className={styles.actions}>
        <Button onClick={() => dialog.current?.close()}>{t('integrationsApp.zapierCard.close')}</Button>
      </div>
    </dialog>
  );
}
