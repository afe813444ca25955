import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function TeamPage() {
  return <PlaceholderPage title={t('titles.team')} text={t('placeholders.team')} inShell />;
}
