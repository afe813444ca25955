import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function AccountPage() {
  return <PlaceholderPage title={t('titles.account')} text={t('placeholders.account')} inShell />;
}
