import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function WidgetPage() {
  return <PlaceholderPage title={t('titles.widget')} text={t('placeholders.widget')} inShell />;
}
