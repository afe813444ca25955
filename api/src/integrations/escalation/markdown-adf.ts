/**
 * The escalation markdown (issue-markdown.ts) as Atlassian Document Format, which Jira's v3 API requires for an
 * issue's description. Only the subset that markdown uses is read: `###` headings, paragraphs, `- ` lists, `> ` quotes,
 * `**strong**`, `_emphasis_`, `[text](url)` and backslash escapes; anything else stays plain text. Written here
 * rather than taken from a markdown-to-ADF package because those parse full CommonMark (and pull in a parser) to
 * read the dozen constructs Showback itself writes.
 */
export type AdfMark = { type: 'strong' } | { type: 'em' } | { type: 'link'; attrs: { href: string } };
export type AdfText = { type: 'text'; text: string; marks?: AdfMark[] };
export type AdfBlock =
  | { type: 'paragraph'; content: AdfText[] }
  | { type: 'heading'; attrs: { level: number }; content: AdfText[] }
  | { type: 'bulletList'; content: { type: 'listItem'; content: AdfBlock[] }[] }
  | { type: 'blockquote'; content: AdfBlock[] };
export interface AdfDocument {
  version: 1;
  type: 'doc';
  content: AdfBlock[];
}

function text(value: string, marks: AdfMark[]): AdfText {
  return marks.length ? { type: 'text', text: value, marks: [...marks] } : { type: 'text', text: value };
}

/** Inline markdown to text nodes; adjacent runs with the same marks are merged. */
export function inlineAdf(source: string, marks: AdfMark[] = []): AdfText[] {
  const out: AdfText[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push(text(plain, marks));
    plain = '';
  };
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '\\' && i + 1 < source.length) {
      plain += source[i + 1];
      i += 2;
      continue;
    }
    const strong = ch === '*' && source[i + 1] === '*' ? closing(source, i + 2, '**') : -1;
    if (strong > 0) {
      flush();
      out.push(...inlineAdf(source.slice(i + 2, strong), [...marks, { type: 'strong' }]));
      i = strong + 2;
      continue;
    }
    const em = ch === '_' ? closing(source, i + 1, '_') : -1;
    if (em > 0) {
      flush();
      out.push(...inlineAdf(source.slice(i + 1, em), [...marks, { type: 'em' }]));
      i = em + 1;
      continue;
    }
    const link = ch === '[' ? /^\[((?:\\.|[^\]\\])*)\]\(([^)\s]+)\)/.exec(source.slice(i)) : null;
    if (link) {
      flush();
      out.push(...inlineAdf(link[1]!, [...marks, { type: 'link', attrs: { href: link[2]! } }]));
      i += link[0].length;
      continue;
    }
    plain += ch;
    i += 1;
  }
  flush();
  return out;
}

/** Where an unescaped `marker` closes a span opened before `from`; -1 when it never does (the opener is then literal). */
function closing(source: string, from: number, marker: string): number {
  for (let i = from; i < source.length; i += 1) {
    if (source[i] === '\\') i += 1;
    else if (source.startsWith(marker, i)) return i > from ? i : -1;
  }
  return -1;
}

const paragraph = (line: string): AdfBlock => ({ type: 'paragraph', content: inlineAdf(line) });

export function markdownToAdf(markdown: string): AdfDocument {
  const content: AdfBlock[] = [];
  for (const line of markdown.split('\n')) {
    const last = content[content.length - 1];
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    if (!line.trim()) continue;
    if (heading) content.push({ type: 'heading', attrs: { level: heading[1]!.length }, content: inlineAdf(heading[2]!) });
    else if (line.startsWith('- ')) {
      const item = { type: 'listItem' as const, content: [paragraph(line.slice(2))] };
      if (last?.type === 'bulletList') last.content.push(item);
      else content.push({ type: 'bulletList', content: [item] });
    } else if (line.startsWith('> ')) {
      if (last?.type === 'blockquote') last.content.push(paragraph(line.slice(2)));
      else content.push({ type: 'blockquote', content: [paragraph(line.slice(2))] });
    } else content.push(paragraph(line));
  }
  return { version: 1, type: 'doc', content };
}
