import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function SupportPage() {
  return <PlaceholderPage title={t('titles.support')} text={t('placeholders.support')} inShell />;
}
