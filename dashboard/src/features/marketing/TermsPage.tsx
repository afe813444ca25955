import page from '../../../content/pages/terms.md';
import { t } from '../../messages/t.ts';
import { Article } from './content/Article.tsx';
import { useDocumentMeta } from './useDocumentMeta.ts';
import '../../messages/en/marketing.ts';

export function TermsPage() {
  useDocumentMeta(t('marketing.meta.terms.description'));
  return <Article title={page.meta.title ?? t('marketing.meta.terms.title')} byline={page.meta.updated} html={page.html} />;
}
