import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function PricingPage() {
  return <PlaceholderPage title={t('titles.pricing')} text={t('placeholders.pricing')} />;
}
