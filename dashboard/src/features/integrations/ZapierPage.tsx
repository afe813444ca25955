import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function ZapierPage() {
  return <PlaceholderPage title={t('titles.zapier')} text={t('placeholders.zapier')} inShell />;
}
