import { describe, expect, it } from 'vitest';
import { inlineAdf, markdownToAdf } from '../../src/integrations/escalation/markdown-adf.ts';

describe('escalation markdown as Atlassian Document Format', () => {
  it('reads links inside strong text, emphasis and escapes', () => {
    expect(inlineAdf('**[Showback recording](https://x.test/r/1)** from Ann \\<ann@x.test\\> · 00:12')).toEqual([
      { type: 'text', text: 'Showback recording', marks: [{ type: 'strong' }, { type: 'link', attrs: { href: 'https://x.test/r/1' } }] },
      { type: 'text', text: ' from Ann <ann@x.test> · 00:12' },
    ]);
    expect(inlineAdf('_Written by gpt\\_x._')).toEqual([{ type: 'text', text: 'Written by gpt_x.', marks: [{ type: 'em' }] }]);
    // Escaped markers from the customer's text stay literal: no link, no emphasis.
    expect(inlineAdf('\\[click\\]\\(https://evil.test\\) \\*\\*x\\*\\* a_b')).toEqual([{ type: 'text', text: '[click](https://evil.test) **x** a_b' }]);
  });

  it('turns headings, lists and quotes into blocks', () => {
    const doc = markdownToAdf(['### Console errors (1)', '', '- [00:01](https://x.test/r/1?t=1) TypeError', '- **Browser:** Chrome', '', '> line one', '> line two'].join('\n'));
    expect(doc).toEqual({
      version: 1,
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Console errors (1)' }] },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: '00:01', marks: [{ type: 'link', attrs: { href: 'https://x.test/r/1?t=1' } }] }, { type: 'text', text: ' TypeError' }] }] },
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Browser:', marks: [{ type: 'strong' }] }, { type: 'text', text: ' Chrome' }] }] },
          ],
        },
        { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'line one' }] }, { type: 'paragraph', content: [{ type: 'text', text: 'line two' }] }] },
      ],
    });
  });
});
