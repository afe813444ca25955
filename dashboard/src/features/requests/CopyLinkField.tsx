import { useId, useRef } from 'react';
import { Button } from '../../ui/Button.tsx';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useToast } from '../../ui/useToast.ts';
import { t } from '../../messages/t.ts';
import styles from './RequestsPage.module.css';
import '../../messages/en/common.ts';
import '../../messages/en/requests.ts';

/** The request's link in a read-only field (selectable by hand) with a copy button. */
export function CopyLinkField({ url, label }: { url: string; label: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.show({ tone: 'success', message: t('common.copied'), lifetimeMs: TOAST_LIFETIME.copy });
    } catch {
      input.current?.select();
      toast.show({ tone: 'warning', message: t('common.copyFailed') });
    }
  };

  return (
    <div className={styles.copy}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} ref={input} className={styles.linkInput} value={url} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="request-link" />
      <Button variant="secondary" size="small" onClick={() => void copy()}>
        {t('requests.copyLink')}
      </Button>
    </div>
  );
}
