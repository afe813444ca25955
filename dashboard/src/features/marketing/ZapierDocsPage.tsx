import page from '../../../content/pages/zapier.md';
import { t } from '../../messages/t.ts';
import { Article } from './content/Article.tsx';
import { useDocumentMeta } from './useDocumentMeta.ts';
import '../../messages/en/marketing.ts';

export function ZapierDocsPage() {
  useDocumentMeta(t('marketing.meta.zapierDocs.description'));
  return <Article title={page.meta.title ?? t('marketing.meta.zapierDocs.title')} byline={page.meta.updated} html={page.html} />;
}
