import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function UpgradePage() {
  return <PlaceholderPage title={t('titles.upgrade')} text={t('placeholders.upgrade')} inShell />;
}
