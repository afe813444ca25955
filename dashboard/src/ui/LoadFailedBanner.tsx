import { t } from '../messages/t.ts';
import { Banner } from './Banner.tsx';
import { Button } from './Button.tsx';
import { reviewErrorMessage } from '../app/reviewErrorMessage.ts';
import '../messages/en/common.ts';

interface Props {
  error: unknown;
  /** What failed ("Recordings could not be loaded."); the server's code may add why. */
  whatFailed: string;
  onRetry: () => void;
}

/** A review screen's failed load, said readably, with Retry. */
export function LoadFailedBanner({ error, whatFailed, onRetry }: Props) {
  return (
    <Banner tone="error">
      {reviewErrorMessage(error, whatFailed)}{' '}
      <Button variant="ghost" size="small" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Banner>
  );
}
