import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * HTML rendered at build time from Markdown in the repository (trusted, never user input). Links to our own pages
 * navigate inside the app instead of reloading it.
 */
export function HtmlContent({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>): void => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//') || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  };
  return <div className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
