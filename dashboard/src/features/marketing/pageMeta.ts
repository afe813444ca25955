import { PLANS, TRIAL_DAYS } from '@showback/contract';
import { t, type MessageKey } from '../../messages/t.ts';
import { BLOG_POSTS } from './content/blogPosts.ts';
import '../../messages/en/marketing.ts';

export interface PageMeta {
  path: string;
  title: string;
  description: string;
  /** Open Graph type: the home page is a website, posts are articles. */
  type: 'website' | 'article';
}

type MetaPage = 'home' | 'features' | 'integrations' | 'pricing' | 'faq' | 'contact' | 'privacy' | 'terms' | 'proof' | 'sample' | 'usageDashboard' | 'zapierDocs' | 'widgetDocs' | 'blog' | 'signIn' | 'signUp';

const PAGES: [path: string, page: MetaPage][] = [
  ['/', 'home'],
  ['/features', 'features'],
  ['/integrations', 'integrations'],
  ['/pricing', 'pricing'],
  ['/faq', 'faq'],
  ['/contact', 'contact'],
  ['/privacy', 'privacy'],
  ['/terms', 'terms'],
  ['/proof', 'proof'],
  ['/sample', 'sample'],
  ['/usage-dashboard', 'usageDashboard'],
  ['/docs/zapier', 'zapierDocs'],
  ['/docs/widget-api', 'widgetDocs'],
  ['/blog', 'blog'],
  ['/sign-in', 'signIn'],
  ['/sign-up', 'signUp'],
];

/** Every public page that is prerendered, listed in the sitemap and given its own head tags. */
export function publicPages(): PageMeta[] {
  const params = { free: PLANS.free.submissionLimit ?? 0, days: TRIAL_DAYS };
  const pages: PageMeta[] = PAGES.map(([path, page]) => ({
    path,
    title: t(`marketing.meta.${page}.title` as MessageKey),
    description: t(`marketing.meta.${page}.description` as MessageKey, params),
    type: 'website',
  }));
  for (const post of BLOG_POSTS) {
    pages.push({ path: `/blog/${post.slug}`, title: `${post.title} · ${t('marketing.meta.siteName')}`, description: post.description, type: 'article' });
  }
  return pages;
}

export function metaForPath(path: string): PageMeta | undefined {
  const clean = path.length > 1 ? path.replace(/\/$/, '') : path;
  return publicPages().find((page) => page.path === clean);
}
