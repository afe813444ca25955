import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function CheckoutSuccessPage() {
  return <PlaceholderPage title={t('titles.checkoutSuccess')} text={t('placeholders.checkoutSuccess')} inShell />;
}
