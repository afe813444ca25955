import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function SamplePage() {
  return <PlaceholderPage title={t('titles.sample')} text={t('placeholders.sample')} />;
}
