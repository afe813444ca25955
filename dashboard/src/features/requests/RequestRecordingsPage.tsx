import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function RequestRecordingsPage() {
  return <PlaceholderPage title={t('titles.recordings')} text={t('placeholders.requestRecordings')} inShell />;
}
