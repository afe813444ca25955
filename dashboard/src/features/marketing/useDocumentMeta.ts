import { useEffect } from 'react';

function setMeta(selector: string, attr: 'name' | 'property', key: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(selector);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attr, key);
    document.head.append(tag);
  }
  tag.content = content;
}

/**
 * Keeps the description in step on client-side navigation; the prerendered HTML already carries it with the Open
 * Graph tags. The document title is the layout's (route handles).
 */
export function useDocumentMeta(description: string): void {
  useEffect(() => {
    setMeta('meta[name="description"]', 'name', 'description', description);
    setMeta('meta[property="og:description"]', 'property', 'og:description', description);
  }, [description]);
}
