import page from '../../../content/pages/usage-dashboard.md';
import { t } from '../../messages/t.ts';
import { Article } from './content/Article.tsx';
import { useDocumentMeta } from './useDocumentMeta.ts';
import '../../messages/en/marketing.ts';

export function UsageDashboardPage() {
  useDocumentMeta(t('marketing.meta.usageDashboard.description'));
  return <Article title={page.meta.title ?? t('marketing.meta.usageDashboard.title')} byline={page.meta.updated} html={page.html} />;
}
