import page from '../../../content/pages/proof.md';
import { t } from '../../messages/t.ts';
import { Article } from './content/Article.tsx';
import { useDocumentMeta } from './useDocumentMeta.ts';
import '../../messages/en/marketing.ts';

export function ProofPage() {
  useDocumentMeta(t('marketing.meta.proof.description'));
  return <Article title={page.meta.title ?? t('marketing.meta.proof.title')} byline={page.meta.updated} html={page.html} />;
}
