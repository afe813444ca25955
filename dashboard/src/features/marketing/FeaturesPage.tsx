import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function FeaturesPage() {
  return <PlaceholderPage title={t('titles.features')} text={t('placeholders.features')} />;
}
