import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  /** A call to action under the text. */
  action?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, children, action, icon = '◎' }: EmptyStateProps) {
  return (
    <section className={styles.empty}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <h2 className={styles.title}>{title}</h2>
      {children && <p className={styles.text}>{children}</p>}
      {action}
    </section>
  );
}
