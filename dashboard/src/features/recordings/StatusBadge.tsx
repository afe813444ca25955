import type { ProcessingStatus } from '@showback/contract';
import { t } from '../../messages/t.ts';
import styles from './StatusBadge.module.css';
import '../../messages/en/recordings.ts';

export function StatusBadge({ status }: { status: ProcessingStatus }) {
  return <span className={[styles.badge, styles[status]].join(' ')}>{t(`recordings.status.${status}`)}</span>;
}
