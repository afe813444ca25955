import { t } from '../../messages/t.ts';
import type { current } from '../../messages/current.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export type AdminSection = keyof (typeof current)['admin']['sections'];

/** One admin screen under /donkey; each section gets its own page when the admin area is built. */
export function AdminSectionPage({ section }: { section: AdminSection }) {
  return <PlaceholderPage title={t('titles.admin')} text={t('placeholders.admin', { section: t(`admin.sections.${section}`) })} inShell />;
}
