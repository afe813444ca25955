import { describe, expect, it } from 'vitest';
import type { SubmissionAlert } from '../../../src/alerts/submission-alert.ts';
import { newRecordingSlackMessage } from '../../../src/integrations/slack/slack-message.ts';
import { recordingCardText } from '../../../src/integrations/team-chat/recording-card-text.ts';
import { newRecordingTeamsMessage } from '../../../src/integrations/teams/teams-card.ts';
import type { SummaryRow } from '../../../src/modules/summaries/summaries.repository.ts';

const alert: SubmissionAlert = {
  submission: { id: 's1', status: 'ready', source: 'link', duration_ms: 83_400, width: 1280, height: 720, size_bytes: 1, note: 'Ping <!channel> & <@U123>', processing_error: null, created_at: '2026-11-24T19:00:00.000Z' },
  request: { id: 'r1', title: 'Invoice <page> crashes' },
  recipient: { name: 'Grace Hopper', email: 'grace@example.com', user_id: null },
  environment: {},
  metadata: {},
  counts: { console_errors: 2, failed_requests: 1 },
  summary: null,
  links: { recording: 'https://showback.example/my/recordings/s1', download: null, download_expires_at: null, poster: 'https://showback.example/poster' },
};

const summary = {
  status: 'ready',
  goal: 'Pay an invoice',
  lines: [1, 2, 3, 4].map((n) => ({ text: `Line ${n}`, citations: [] })),
} as unknown as SummaryRow;

describe('new-recording messages for team chat', () => {
  it('Slack: facts, poster, the summary’s goal and first three lines, the note with mentions and links neutralised, the button', () => {
    const { text, blocks } = newRecordingSlackMessage(recordingCardText(alert, summary));
    expect(text).toBe('New recording: Invoice <page> crashes');
    expect(blocks[1]).toMatchObject({
      fields: [
        { text: '*Recipient*\nGrace Hopper &lt;grace@example.com&gt;' },
        { text: '*Duration*\n1:23' },
        { text: '*Console errors*\n2' },
        { text: '*Failed requests*\n1' },
      ],
      accessory: { type: 'image', image_url: 'https://showback.example/poster' },
    });
    expect(blocks[2]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: '*Summary*\n• Goal: Pay an invoice\n• Line 1\n• Line 2\n• Line 3' } });
    expect(blocks[3]).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: 'Note: Ping &lt;!channel&gt; &amp; &lt;@U123&gt;' }] });
    expect(blocks.at(-1)).toMatchObject({ type: 'actions', elements: [{ url: 'https://showback.example/my/recordings/s1', text: { text: 'Open recording' } }] });
  });

  it('without a ready summary or poster, and for a failed recording, says so', () => {
    const failed = { ...alert, submission: { ...alert.submission, status: 'failed' as const, duration_ms: null }, links: { ...alert.links, poster: null } };
    const { blocks } = newRecordingSlackMessage(recordingCardText(failed, { ...summary, status: 'pending' } as SummaryRow));
    expect(blocks[0]).toMatchObject({ text: { text: 'New recording (processing failed): Invoice <page> crashes' } });
    expect(blocks[1]).not.toHaveProperty('accessory');
    expect(JSON.stringify(blocks)).not.toContain('*Summary*');
    expect(JSON.stringify(blocks)).toContain('Processing failed');
    expect(JSON.stringify(blocks)).toContain('*Duration*\\nunknown');
  });

  it('Teams: an Adaptive Card 1.4 with the same facts and an Open recording action', () => {
    const message = newRecordingTeamsMessage(recordingCardText(alert, summary)) as { attachments: { content: { body: Record<string, unknown>[]; actions: unknown[] } }[] };
    const { body, actions } = message.attachments[0]!.content;
    expect(body.find((b) => b.type === 'FactSet')).toEqual({
      type: 'FactSet',
      facts: [
        { title: 'Recipient', value: 'Grace Hopper <grace@example.com>' },
        { title: 'Duration', value: '1:23' },
        { title: 'Console errors', value: '2' },
        { title: 'Failed requests', value: '1' },
      ],
    });
    expect(body.filter((b) => typeof b.text === 'string' && (b.text as string).startsWith('• '))).toHaveLength(4);
    expect(actions).toEqual([{ type: 'Action.OpenUrl', title: 'Open recording', url: 'https://showback.example/my/recordings/s1' }]);
  });
});
