import { t } from '../messages/t.ts';
import styles from './Spinner.module.css';
import '../messages/en/common.ts';

export interface SpinnerProps {
  size?: 'small' | 'normal';
  /** Announced to screen readers; an empty label makes the spinner decorative. */
  label?: string;
}

export function Spinner({ size = 'normal', label = t('common.loading') }: SpinnerProps) {
  const className = [styles.spinner, size === 'small' ? styles.small : ''].join(' ');
  if (!label) return <span className={className} aria-hidden="true" />;
  return <span className={className} role="status" aria-label={label} />;
}

/** A centred spinner standing in for a whole screen while it loads. */
export function PageSpinner({ label = t('common.loading') }: { label?: string }) {
  return (
    <div className={styles.page}>
      <Spinner label={label} />
    </div>
  );
}
