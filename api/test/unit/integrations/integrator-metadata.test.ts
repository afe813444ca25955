import { describe, expect, it } from 'vitest';
import { markdownToAdf } from '../../../src/integrations/escalation/markdown-adf.ts';
import { metadataLines, type SubmissionAlert } from '../../../src/alerts/submission-alert.ts';
import { issueMarkdown } from '../../../src/integrations/escalation/issue-body.ts';
import { recordingNoteHtml } from '../../../src/integrations/helpdesk/helpdesk-note.ts';

// The integrator's page chooses keys and values: markup, Markdown links and long text among them.
const hostile = {
  plan: 'enterprise',
  '<b>tier</b>': '<img src=x onerror=alert(1)>',
  link: '[click](https://evil.example) **bold** `code`',
  seats: 12,
  trial: false,
  region: null,
  long: 'x'.repeat(500),
};

const alert: SubmissionAlert = {
  submission: { id: 's1', status: 'ready', source: 'widget', duration_ms: 2000, width: 1280, height: 720, size_bytes: 1, note: null, processing_error: null, created_at: '2026-12-02T08:00:00.000Z' },
  request: { id: 'r1', title: 'Widget' },
  recipient: { name: 'Ada', email: null, user_id: null },
  environment: {},
  metadata: hostile,
  counts: { console_errors: 0, failed_requests: 0 },
  summary: null,
  links: { recording: 'https://showback.example/my/recordings/s1', download: null, download_expires_at: null, poster: null },
};
const none = { consoleErrors: [], failedRequests: [] };

describe("the integrator's metadata in the outside messages", () => {
  it('is one plain line per entry, other values as JSON, long values cut, capped with a pointer to the page', () => {
    const lines = metadataLines(hostile);
    expect(lines.slice(0, 6)).toEqual(['plan: enterprise', '<b>tier</b>: <img src=x onerror=alert(1)>', 'link: [click](https://evil.example) **bold** `code`', 'seats: 12', 'trial: false', 'region: null']);
    expect(lines[6]).toHaveLength('long: '.length + 200);
    expect(lines[6]!.endsWith('…')).toBe(true);
    const many = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`k${i}`, i]));
    expect(metadataLines(many)).toHaveLength(21);
    expect(metadataLines(many).at(-1)).toBe("… and 5 more on the recording's page");
    expect(metadataLines({})).toEqual([]);
  });

  it('is escaped in the helpdesk note (HTML)', () => {
    const html = recordingNoteHtml(alert, none, 'ref');
    expect(html).toContain('<p><strong>App metadata:</strong></p><ul><li>plan: enterprise</li><li>&lt;b&gt;tier&lt;/b&gt;: &lt;img src=x onerror=alert(1)&gt;</li>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(recordingNoteHtml({ ...alert, metadata: {} }, none, 'ref')).not.toContain('App metadata');
  });

  it('is escaped in the escalated issue (Markdown, and the ADF Jira gets from it)', () => {
    const markdown = issueMarkdown(alert, none);
    expect(markdown).toContain('### App metadata\n\n- plan: enterprise\n- \\<b\\>tier\\</b\\>: \\<img src=x onerror=alert\\(1\\)\\>');
    expect(markdown).toContain('- link: \\[click\\]\\(https://evil.example\\) \\*\\*bold\\*\\* \\`code\\`');
    // No link, emphasis or code reaches Jira's document from the values.
    const adf = JSON.stringify(markdownToAdf(markdown));
    expect(adf).not.toContain('evil.example"}');
    expect(adf).toContain('[click](https://evil.example) **bold** `code`');
    expect(issueMarkdown({ ...alert, metadata: {} }, none)).not.toContain('App metadata');
  });
});
