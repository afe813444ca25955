import { t } from '../messages/t.ts';
import '../messages/en/common.ts';

/** The wordmark with its round "record" mark. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: '0.5rem', fontWeight: 800, fontSize: '1.125rem', color: 'var(--text)' }}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--brand-500)" />
        <circle cx="16" cy="16" r="7" fill="#fff" />
        <circle cx="16" cy="16" r="3.5" fill="var(--brand-500)" />
      </svg>
      {t('common.appName')}
    </span>
  );
}
