import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Article } from './content/Article.tsx';
import type { MarkdownModule } from './content/MarkdownModule.ts';
import { useDocumentMeta } from './useDocumentMeta.ts';
import '../../messages/en/marketing.ts';
import '../../messages/en/titles.ts';

// docs/widget-api.md is the reference the widget's authors keep next to the SDK; it is rendered at build time.
// A glob (not an import) so the site still builds while the reference is being written.
const docs = import.meta.glob<MarkdownModule>('../../../../docs/widget-api.md', { eager: true, import: 'default' });
const reference = Object.values(docs)[0];
/** Until the reference has its sections (installation, options, methods…), the page says it is being written. */
const complete = (reference?.sections.length ?? 0) >= 3;
const H1 = /^<h1[^>]*>(.*?)<\/h1>\n?/;

export function WidgetApiDocsPage() {
  useDocumentMeta(t('marketing.meta.widgetDocs.description'));
  const notice = complete ? undefined : <Banner tone="info">{t('marketing.docs.widgetMissing')}</Banner>;
  return (
    <Article
      title={reference?.meta.title ?? H1.exec(reference?.html ?? '')?.[1]?.replace(/<[^>]+>/g, '') ?? t('titles.widgetDocs')}
      html={reference?.html.replace(H1, '') ?? ''}
      before={notice}
    />
  );
}
