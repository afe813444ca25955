import { useRouteError } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import '../../messages/en/common.ts';

/** A screen that failed to load or render. Chunk load failures after a deploy are fixed by reloading. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div style={{ maxWidth: '40rem', margin: '4rem auto', padding: '0 1.25rem' }}>
      <EmptyState title={t('common.unexpectedError')} icon="!" action={<Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>}>
        {t('common.pageLoadFailed')}
      </EmptyState>
    </div>
  );
}
