import { t } from '../messages/t.ts';
import styles from './ListSkeleton.module.css';
import '../messages/en/common.ts';

/** Grey rows in the shape of the list that is loading; announced once as "Loading". */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className={styles.list} role="status" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.row} aria-hidden="true">
          <span className={styles.thumb} />
          <span className={styles.lines}>
            <span className={styles.line} />
            <span className={[styles.line, styles.short].join(' ')} />
          </span>
        </div>
      ))}
    </div>
  );
}
