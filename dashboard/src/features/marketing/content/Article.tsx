import type { ReactNode } from 'react';
import styles from '../marketing.module.css';
import { HtmlContent } from './HtmlContent.tsx';

export interface ArticleProps {
  title: string;
  /** Line under the title: a date, an author, a note. */
  byline?: ReactNode;
  html: string;
  before?: ReactNode;
  after?: ReactNode;
}

/** A long-form page (policy, guide, post) rendered from Markdown at build time. */
export function Article({ title, byline, html, before, after }: ArticleProps) {
  return (
    <article className={styles.article}>
      <header>
        <h1 className={styles.articleTitle}>{title}</h1>
        {byline && <p className={styles.byline}>{byline}</p>}
      </header>
      {before}
      <HtmlContent html={html} className={styles.prose} />
      {after}
    </article>
  );
}
