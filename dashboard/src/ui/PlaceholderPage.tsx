import { t } from '../messages/t.ts';
import { EmptyState } from './EmptyState.tsx';
import { PageHeader } from './PageHeader.tsx';
import styles from './PlaceholderPage.module.css';
import '../messages/en/common.ts';

export interface PlaceholderPageProps {
  title: string;
  /** What will be on this screen, in plain words. */
  text: string;
  /** Inside the signed-in shell the shell already pads the content. */
  inShell?: boolean;
}

/** A screen whose content is not built yet: says what will be there instead of showing an error. */
export function PlaceholderPage({ title, text, inShell = false }: PlaceholderPageProps) {
  return (
    <div className={[styles.page, inShell ? styles.inShell : ''].join(' ')}>
      <PageHeader title={title} />
      <EmptyState title={t('common.comingSoon')}>{text}</EmptyState>
    </div>
  );
}
