import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function ContactPage() {
  return <PlaceholderPage title={t('titles.contact')} text={t('placeholders.contact')} />;
}
