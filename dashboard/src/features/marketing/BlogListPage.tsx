import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function BlogListPage() {
  return <PlaceholderPage title={t('titles.blog')} text={t('placeholders.blog')} />;
}
