import { Link } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import { BLOG_POSTS } from './content/blogPosts.ts';
import { useDocumentMeta } from './useDocumentMeta.ts';
import styles from './marketing.module.css';
import '../../messages/en/marketing.ts';

export function BlogListPage() {
  useDocumentMeta(t('marketing.meta.blog.description'));
  return (
    <div className={[styles.page, styles.narrow].join(' ')}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{t('marketing.blog.title')}</h1>
        <p className={styles.sectionLead}>{t('marketing.blog.lead')}</p>
      </header>
      <ul className={styles.postList}>
        {BLOG_POSTS.map((post) => (
          <li key={post.slug} className={styles.card}>
            <h2 className={styles.postTitle}>
              <Link to={`/blog/${post.slug}`}>{post.title}</Link>
            </h2>
            <p className={styles.byline}><time dateTime={post.date}>{post.date}</time></p>
            <p>{post.description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
