import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function RequestsPage() {
  return <PlaceholderPage title={t('titles.requests')} text={t('placeholders.requests')} inShell />;
}
