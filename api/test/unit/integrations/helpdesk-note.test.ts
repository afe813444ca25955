import { describe, expect, it } from 'vitest';
import type { SubmissionAlert } from '../../../src/alerts/submission-alert.ts';
import { escalationUpdateHtml, problemsOf, recordingNoteHtml, reviewUpdateHtml } from '../../../src/integrations/helpdesk/helpdesk-note.ts';
import { issueMarkdown } from '../../../src/integrations/escalation/issue-body.ts';

const alertWith = (summary: SubmissionAlert['summary']): SubmissionAlert => ({
  submission: { id: 's1', status: 'ready', source: 'link', duration_ms: 2000, width: 1280, height: 720, size_bytes: 1, note: null, processing_error: null, created_at: '2026-11-26T12:00:00.000Z' },
  request: { id: 'r1', title: 'Checkout button does nothing' },
  review: { state: 'open', assignee: null },
  recipient: { name: 'Grace Hopper', email: 'grace@customer.example', user_id: null },
  environment: {},
  metadata: {},
  counts: { console_errors: 0, failed_requests: 0 },
  summary,
  links: { recording: 'https://showback.example/my/recordings/s1', download: null, download_expires_at: null, poster: null },
});

const note = (summary: SubmissionAlert['summary']): string => recordingNoteHtml(alertWith(summary), { consoleErrors: [], failedRequests: [], steps: [] }, 'ref');

describe('the helpdesk note’s summary', () => {
  it('says there was nothing to summarise rather than leave a heading over nothing', () => {
    const html = note({ kind: 'digest', engine: null, goal: null, lines: [], steps: [], updated_at: '2026-11-26T12:01:00.000Z' });
    expect(html).toContain('<p><strong>Summary</strong> (assembled from the recording, no model):</p><p>No console error or failing request was captured, and no speech the recogniser was sure of.</p>');
  });

  it('lists the lines with their moments, escaped', () => {
    const html = note({ kind: 'model', engine: 'gpt-test', goal: null, lines: [{ text: 'Pay <button> fails', citations: [{ type: 'request', t_ms: 2500, event: 0, method: 'POST', url: '/api/pay', status: 502 }] }], steps: [], updated_at: '2026-11-26T12:01:00.000Z' });
    expect(html).toContain('<p><strong>Summary</strong> (written by gpt-test):</p><ul><li>Pay &lt;button&gt; fails <em>[00:03 POST /api/pay → 502]</em></li></ul>');
    expect(html).not.toContain('No console error');
  });
});

describe('the issues a recording was escalated to, in the note', () => {
  const issues = [{ tracker: 'linear' as const, label: 'Linear', key: 'ENG-7', title: 'Pay <button> fails', url: 'https://linear.example/acme/issue/ENG-7', state: 'In Progress' }];

  it('are listed with their state in the recording’s note, escaped, and absent when there is none', () => {
    const html = recordingNoteHtml(alertWith(null), { consoleErrors: [], failedRequests: [], steps: [] }, 'ref', 'in-place', issues);
    expect(html).toContain('<p><strong>Escalated:</strong></p><ul><li><a href="https://linear.example/acme/issue/ENG-7">ENG-7</a> in Linear: <strong>In Progress</strong> · Pay &lt;button&gt; fails</li></ul>');
    expect(note(null)).not.toContain('Escalated');
  });

  it('are the news of the follow-up note where notes cannot be edited, with the link back', () => {
    const html = escalationUpdateHtml(alertWith(null), issues, 'ref-2');
    expect(html).toMatch(/^<p><strong>Update to the Showback recording: Checkout button does nothing<\/strong><\/p><p><strong>Escalated:<\/strong><\/p>/);
    expect(html).toContain('<a href="https://showback.example/my/recordings/s1">Open the recording</a>');
    expect(html).toContain('ref ref-2');
    expect(html).not.toContain('Summary');
  });
});

describe('the team’s review of the recording, in the note', () => {
  const reviewed = (review: SubmissionAlert['review']): SubmissionAlert => ({ ...alertWith(null), review });

  it('is a line of the recording’s note once it moved from open or has an assignee, escaped; absent before', () => {
    const html = recordingNoteHtml(reviewed({ state: 'resolved', assignee: { id: 'u1', name: 'Olivia <Owner>', email: 'o@example.test' } }), { consoleErrors: [], failedRequests: [], steps: [] }, 'ref');
    expect(html).toContain('<p><strong>Review:</strong> Resolved · assigned to Olivia &lt;Owner&gt;</p>');
    expect(note(null)).not.toContain('Review:');
  });

  it('is the news of the follow-up note where notes cannot be edited, with the link back', () => {
    const html = reviewUpdateHtml(reviewed({ state: 'in_progress', assignee: null }), 'ref-9');
    expect(html).toContain('<p><strong>Review:</strong> In progress</p>');
    expect(html).toContain('href="https://showback.example/my/recordings/s1"');
  });
});

describe('steps to reproduce, in the note and the escalated issue', () => {
  const rows = [
    { offset_ms: -3000, kind: 'action', payload: { action: 'click', role: 'menuitem', name: 'Billing' } },
    { offset_ms: 1200, kind: 'action', payload: { action: 'click', role: 'button', name: 'Pay <now>' } },
    { offset_ms: 1300, kind: 'network', payload: { transport: 'fetch', method: 'POST', url: 'https://shop.example/api/pay', status: 500, duration_ms: 40 } },
  ];

  it('come from the events while the summary is not written, from the summary once it is; escaped, moments linked', () => {
    const built = problemsOf(rows, null);
    expect(built.steps).toEqual([
      { text: "Clicked 'Billing'", t_ms: null },
      { text: "Clicked 'Pay <now>'", t_ms: 1200 },
      { text: 'POST /api/pay → 500', t_ms: 1300 },
    ]);
    const html = recordingNoteHtml(alertWith(null), built, 'ref');
    expect(html).toContain("<p><strong>Steps to reproduce:</strong></p><ol><li>Clicked 'Billing'</li><li>00:01 Clicked 'Pay &lt;now&gt;'</li><li>00:01 POST /api/pay → 500</li></ol>");
    const markdown = issueMarkdown(alertWith(null), built);
    expect(markdown).toContain("### Steps to reproduce\n\n1. Clicked 'Billing'\n2. [00:01](https://showback.example/my/recordings/s1?t=1) Clicked 'Pay \\<now\\>'\n3. [00:01](https://showback.example/my/recordings/s1?t=1) POST /api/pay → 500");

    const written = { kind: 'model' as const, engine: 'gpt-test', goal: null, lines: [], steps: [{ text: 'Paid and it failed', citations: [{ type: 'time' as const, t_ms: 1250 }] }], updated_at: '2026-11-26T12:01:00.000Z' };
    expect(problemsOf(rows, written).steps).toEqual([{ text: 'Paid and it failed', t_ms: 1250 }]);
    expect(recordingNoteHtml(alertWith(null), problemsOf([], null), 'ref')).not.toContain('Steps to reproduce');
  });
});
