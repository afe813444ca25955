import type { HTMLAttributes } from 'react';
import styles from './Card.module.css';

/** A card; one named by a heading (`aria-labelledby`) is a section, since a plain div may not carry a name. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  const Tag = rest['aria-labelledby'] ? 'section' : 'div';
  return <Tag {...rest} className={[styles.card, className].filter(Boolean).join(' ')} />;
}
