import { describe, expect, it } from 'vitest';
import type { SubmissionAlert } from '../../../src/alerts/submission-alert.ts';
import { renderNewRecordingEmail } from '../../../src/integrations/email/new-recording-email.ts';
import { recordingCardText } from '../../../src/integrations/team-chat/recording-card-text.ts';
import { recordingNoteHtml } from '../../../src/integrations/helpdesk/helpdesk-note.ts';

const alertFrom = (recipient: SubmissionAlert['recipient']): SubmissionAlert => ({
  submission: { id: 's1', status: 'ready', source: 'widget', duration_ms: 4000, width: 1280, height: 720, size_bytes: 1, note: null, processing_error: null, created_at: '2026-11-26T12:00:00.000Z' },
  request: { id: 'r1', title: 'Checkout' },
  recipient,
  environment: {},
  metadata: {},
  counts: { console_errors: 0, failed_requests: 0 },
  summary: null,
  links: { recording: 'https://showback.example/my/recordings/s1', download: null, download_expires_at: null, poster: null },
});

/** What the email's subject and "From", the chat card's "Recipient" and the Zendesk note's "From" say. */
function wording(recipient: SubmissionAlert['recipient']) {
  const alert = alertFrom(recipient);
  const email = renderNewRecordingEmail(alert, { hasPoster: false, unsubscribeUrl: 'https://showback.example/u' });
  return {
    subject: email.subject,
    from: /^From: (.*)$/m.exec(email.text)![1],
    chat: recordingCardText(alert, undefined).facts.find((f) => f.label === 'Recipient')!.value,
    zendesk: /<p>From (.*) · \d\d:\d\d · /.exec(recordingNoteHtml(alert, { consoleErrors: [], failedRequests: [] }, 'ref'))![1],
  };
}

describe('the sender as alerts name them', () => {
  it('the customer from identify(): name and email, and the host app\'s own id for them', () => {
    expect(wording({ name: 'Ada Lovelace', email: 'ada@example.com', user_id: '42' })).toEqual({
      subject: 'New recording: Checkout from Ada Lovelace',
      from: 'Ada Lovelace <ada@example.com> · User ID 42 in your app',
      chat: 'Ada Lovelace <ada@example.com> · User ID 42 in your app',
      zendesk: 'Ada Lovelace &lt;ada@example.com&gt; · User ID 42 in your app',
    });
  });

  it('only the app\'s id, only an email, nothing: one word for an unknown sender everywhere', () => {
    expect(wording({ name: null, email: null, user_id: 'u-7' })).toMatchObject({ subject: 'New recording: Checkout from User ID u-7', from: 'User ID u-7 in your app' });
    expect(wording({ name: null, email: 'grace@example.com', user_id: null })).toMatchObject({ subject: 'New recording: Checkout from grace@example.com', from: 'grace@example.com' });
    expect(wording({ name: null, email: null, user_id: null })).toEqual({ subject: 'New recording: Checkout from Anonymous', from: 'Anonymous', chat: 'Anonymous', zendesk: 'Anonymous' });
  });
});
