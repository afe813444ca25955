import page from '../../../content/pages/privacy.md';
import { t } from '../../messages/t.ts';
import { Article } from './content/Article.tsx';
import { useDocumentMeta } from './useDocumentMeta.ts';
import '../../messages/en/marketing.ts';

export function PrivacyPage() {
  useDocumentMeta(t('marketing.meta.privacy.description'));
  return <Article title={page.meta.title ?? t('marketing.meta.privacy.title')} byline={page.meta.updated} html={page.html} />;
}
