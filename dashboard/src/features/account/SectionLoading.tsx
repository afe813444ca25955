import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './AccountPage.module.css';
import '../../messages/en/common.ts';

/** An account-page card whose settings are still loading, or failed to load (with Retry). */
export function SectionLoading({ heading, failed, failedText, onRetry }: { heading: string; failed: boolean; failedText: string; onRetry: () => void }) {
  return (
    <Card className={styles.section}>
      <h2 className={styles.heading}>{heading}</h2>
      {failed ? (
        <Banner tone="error">
          {failedText} <Button size="small" variant="secondary" onClick={onRetry}>{t('common.retry')}</Button>
        </Banner>
      ) : (
        <Spinner />
      )}
    </Card>
  );
}
