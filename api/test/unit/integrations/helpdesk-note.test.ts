import { describe, expect, it } from 'vitest';
import type { SubmissionAlert } from '../../../src/alerts/submission-alert.ts';
import { escalationUpdateHtml, recordingNoteHtml } from '../../../src/integrations/helpdesk/helpdesk-note.ts';

const alertWith = (summary: SubmissionAlert['summary']): SubmissionAlert => ({
  submission: { id: 's1', status: 'ready', source: 'link', duration_ms: 2000, width: 1280, height: 720, size_bytes: 1, note: null, processing_error: null, created_at: '2026-11-26T12:00:00.000Z' },
  request: { id: 'r1', title: 'Checkout button does nothing' },
  recipient: { name: 'Grace Hopper', email: 'grace@customer.example', user_id: null },
  environment: {},
  metadata: {},
  counts: { console_errors: 0, failed_requests: 0 },
  summary,
  links: { recording: 'https://showback.example/my/recordings/s1', download: null, download_expires_at: null, poster: null },
});

const note = (summary: SubmissionAlert['summary']): string => recordingNoteHtml(alertWith(summary), { consoleErrors: [], failedRequests: [] }, 'ref');

describe('the helpdesk note’s summary', () => {
  it('says there was nothing to summarise rather than leave a heading over nothing', () => {
    const html = note({ kind: 'digest', engine: null, goal: null, lines: [], updated_at: '2026-11-26T12:01:00.000Z' });
    expect(html).toContain('<p><strong>Summary</strong> (assembled from the recording, no model):</p><p>No console error or failing request was captured, and no speech the recogniser was sure of.</p>');
  });

  it('lists the lines with their moments, escaped', () => {
    const html = note({ kind: 'model', engine: 'gpt-test', goal: null, lines: [{ text: 'Pay <button> fails', citations: [{ type: 'request', t_ms: 2500, event: 0, method: 'POST', url: '/api/pay', status: 502 }] }], updated_at: '2026-11-26T12:01:00.000Z' });
    expect(html).toContain('<p><strong>Summary</strong> (written by gpt-test):</p><ul><li>Pay &lt;button&gt; fails <em>[00:03 POST /api/pay → 502]</em></li></ul>');
    expect(html).not.toContain('No console error');
  });
});

describe('the issues a recording was escalated to, in the note', () => {
  const issues = [{ tracker: 'linear' as const, label: 'Linear', key: 'ENG-7', title: 'Pay <button> fails', url: 'https://linear.example/acme/issue/ENG-7', state: 'In Progress' }];

  it('are listed with their state in the recording’s note, escaped, and absent when there is none', () => {
    const html = recordingNoteHtml(alertWith(null), { consoleErrors: [], failedRequests: [] }, 'ref', 'in-place', issues);
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
