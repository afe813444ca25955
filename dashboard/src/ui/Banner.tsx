import type { ReactNode } from 'react';
import { t } from '../messages/t.ts';
import styles from './Banner.module.css';
import '../messages/en/common.ts';

export type Tone = 'error' | 'warning' | 'info' | 'success';

export interface BannerProps {
  tone?: Tone;
  children: ReactNode;
  /** Adds a close button. */
  onDismiss?: () => void;
  className?: string;
}

export function Banner({ tone = 'info', children, onDismiss, className }: BannerProps) {
  return (
    <div className={[styles.banner, styles[tone], className].filter(Boolean).join(' ')} role={tone === 'error' ? 'alert' : 'status'}>
      <div className={styles.body}>{children}</div>
      {onDismiss && (
        <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label={t('common.dismiss')}>
          ×
        </button>
      )}
    </div>
  );
}
