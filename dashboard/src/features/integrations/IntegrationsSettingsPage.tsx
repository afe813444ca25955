import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function IntegrationsSettingsPage() {
  return <PlaceholderPage title={t('titles.integrations2')} text={t('placeholders.integrationsApp')} inShell />;
}
