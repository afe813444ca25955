import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function IntegrationsPage() {
  return <PlaceholderPage title={t('titles.integrations')} text={t('placeholders.integrations')} />;
}
