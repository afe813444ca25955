import type { RecordingCardText } from '../team-chat/recording-card-text.ts';

/**
 * The body a Teams Workflows webhook ("post to a channel when a webhook request is received") takes: a message with
 * one Adaptive Card attachment. Text in TextBlocks is not markdown-escaped: Adaptive Cards render a subset only.
 */
function message(body: Record<string, unknown>[], actions: Record<string, unknown>[]): Record<string, unknown> {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: { $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', type: 'AdaptiveCard', version: '1.4', body, actions },
      },
    ],
  };
}

export function newRecordingTeamsMessage(card: RecordingCardText): Record<string, unknown> {
  const body: Record<string, unknown>[] = [{ type: 'TextBlock', text: card.heading, weight: 'Bolder', size: 'Medium', wrap: true }];
  if (card.posterUrl) body.push({ type: 'Image', url: card.posterUrl, altText: 'First frame of the recording', size: 'Stretch' });
  body.push({ type: 'FactSet', facts: card.facts.map((f) => ({ title: f.label, value: f.value })) });
  if (card.summary.length > 0) body.push({ type: 'TextBlock', text: 'Summary', weight: 'Bolder', wrap: true }, ...card.summary.map((line) => ({ type: 'TextBlock', text: `• ${line}`, wrap: true, spacing: 'Small' })));
  if (card.note) body.push({ type: 'TextBlock', text: `Note: ${card.note}`, wrap: true, isSubtle: true });
  if (card.failed) body.push({ type: 'TextBlock', text: 'Processing failed; the original upload can be downloaded from the recording page.', wrap: true, color: 'Attention' });
  return message(body, [{ type: 'Action.OpenUrl', title: 'Open recording', url: card.recordingUrl }]);
}

export function testTeamsMessage(integrationsUrl: string): Record<string, unknown> {
  return message(
    [{ type: 'TextBlock', text: 'Showback is connected: new recordings will be posted in this channel.', wrap: true }],
    [{ type: 'Action.OpenUrl', title: 'Integration settings', url: integrationsUrl }],
  );
}
