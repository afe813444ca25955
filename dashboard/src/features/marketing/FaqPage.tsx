import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function FaqPage() {
  return <PlaceholderPage title={t('titles.faq')} text={t('placeholders.faq')} />;
}
