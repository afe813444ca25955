import type { MarkdownModule } from './MarkdownModule.ts';

export interface BlogPost {
  slug: string;
  title: string;
  description: string;
  date: string;
  author: string;
  html: string;
}

// Rendered to HTML at build time by scripts/markdownPlugin.ts; a new post is a new file in content/blog/.
const files = import.meta.glob<MarkdownModule>('../../../../content/blog/*.md', { eager: true, import: 'default' });

export const BLOG_POSTS: BlogPost[] = Object.entries(files)
  .map(([file, doc]) => ({
    slug: file.replace(/^.*\//, '').replace(/\.md$/, ''),
    title: doc.meta.title ?? '',
    description: doc.meta.description ?? '',
    date: doc.meta.date ?? '',
    author: doc.meta.author ?? '',
    html: doc.html,
  }))
  .sort((a, b) => b.date.localeCompare(a.date));

export function findBlogPost(slug: string | undefined): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug);
}
