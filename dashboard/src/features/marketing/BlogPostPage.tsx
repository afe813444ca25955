import { Link, useParams } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import { Article } from './content/Article.tsx';
import { findBlogPost } from './content/blogPosts.ts';
import { useDocumentMeta } from './useDocumentMeta.ts';
import styles from './marketing.module.css';
import '../../messages/en/marketing.ts';
import '../../messages/en/titles.ts';

export function BlogPostPage() {
  const { slug } = useParams();
  const post = findBlogPost(slug);
  useDocumentMeta(post?.description ?? t('marketing.meta.blog.description'));
  if (!post) {
    return (
      <div className={[styles.page, styles.narrow].join(' ')}>
        <h1 className={styles.pageTitle}>{t('titles.blog')}</h1>
        <p role="alert">{t('marketing.blog.notFound')}</p>
        <Link to="/blog">{t('marketing.blog.back')}</Link>
      </div>
    );
  }
  return (
    <div className={[styles.page, styles.narrow].join(' ')}>
      <p><Link to="/blog">← {t('marketing.blog.back')}</Link></p>
      <Article
        title={post.title}
        byline={<><time dateTime={post.date}>{post.date}</time> · {t('marketing.blog.by', { author: post.author })}</>}
        html={post.html}
      />
    </div>
  );
}
