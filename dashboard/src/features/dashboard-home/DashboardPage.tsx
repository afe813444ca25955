import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function DashboardPage() {
  return <PlaceholderPage title={t('titles.dashboard')} text={t('placeholders.dashboard')} inShell />;
}
