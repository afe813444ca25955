import { Button } from './Button.tsx';
import { t } from '../messages/t.ts';
import styles from './Pagination.module.css';
import '../messages/en/common.ts';

/** Page size of the review lists. */
export const PER_PAGE = 20;

export interface PaginationProps {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}

export function Pagination({ page, perPage, total, onPage }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={t('common.pagination')}>
      <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ← {t('common.previous')}
      </Button>
      <span aria-live="polite">{t('common.page', { page, pages })}</span>
      <Button variant="secondary" size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')} →
      </Button>
    </nav>
  );
}
