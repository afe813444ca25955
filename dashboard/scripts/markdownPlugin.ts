import { Marked } from 'marked';
import type { Plugin } from 'vite';

export interface MarkdownSection {
  title: string;
  /** Anchor id of the section's heading. */
  id: string;
  html: string;
  /** The section's words without markup, for search. */
  text: string;
}

export interface MarkdownModule {
  meta: Record<string, string>;
  html: string;
  sections: MarkdownSection[];
}

const slugify = (text: string): string =>
  text.toLowerCase().replace(/<[^>]+>/g, '').replace(/&[a-z#0-9]+;/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const plain = (html: string): string =>
  html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\s+/g, ' ').trim();

function frontMatter(source: string): { meta: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta: Record<string, string> = {};
  for (const line of (match[1] ?? '').split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) meta[line.slice(0, at).trim()] = line.slice(at + 1).trim().replace(/^"(.*)"$/, '$1');
  }
  return { meta, body: source.slice(match[0].length) };
}

// Code blocks scroll sideways on narrow screens; a scrollable region must be reachable by keyboard.
const focusablePre = (html: string): string => html.replace(/<pre>/g, '<pre tabindex="0">');

/** Markdown → HTML once, at build time: pages import `.md` files and ship only the rendered HTML (no parser). */
export function renderMarkdown(source: string): MarkdownModule {
  const { meta, body } = frontMatter(source);
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading({ tokens, depth }) {
        const inner = this.parser.parseInline(tokens);
        return `<h${depth} id="${slugify(inner)}">${inner}</h${depth}>\n`;
      },
    },
  });
  const html = focusablePre(marked.parse(body, { async: false }));
  const sections: MarkdownSection[] = [];
  for (const part of body.split(/^## /m).slice(1)) {
    const newline = part.indexOf('\n');
    const title = part.slice(0, newline === -1 ? undefined : newline).trim();
    const sectionHtml = focusablePre(marked.parse(newline === -1 ? '' : part.slice(newline + 1), { async: false }));
    sections.push({ title, id: slugify(title), html: sectionHtml, text: plain(sectionHtml) });
  }
  return { meta, html, sections };
}

export function markdownPlugin(): Plugin {
  return {
    name: 'showback-markdown',
    transform(code, id) {
      if (!id.endsWith('.md')) return null;
      return { code: `export default ${JSON.stringify(renderMarkdown(code))};`, map: null };
    },
  };
}
