import { t } from '../../messages/t.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function ChatPage() {
  return <PlaceholderPage title={t('titles.chat')} text={t('placeholders.chat')} inShell />;
}
