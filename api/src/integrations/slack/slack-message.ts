import { playerClock } from '@showback/contract';
import type { MentionAlert } from '../../modules/comments/mention-alert.ts';
import type { RecordingCardText } from '../team-chat/recording-card-text.ts';

/** A chat.postMessage body without its channel: `text` is the notification's fallback, `blocks` the Block Kit layout. */
export interface SlackMessage {
  text: string;
  blocks: Record<string, unknown>[];
}

/** Slack's mrkdwn treats &, < and > as markup; people's text must not become links or mentions. */
const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function newRecordingSlackMessage(card: RecordingCardText): SlackMessage {
  const facts = { type: 'section', fields: card.facts.map((f) => ({ type: 'mrkdwn', text: `*${f.label}*\n${clip(escape(f.value), 500)}` })) };
  const blocks: Record<string, unknown>[] = [
    { type: 'header', text: { type: 'plain_text', text: clip(card.heading, 150) } },
    card.posterUrl ? { ...facts, accessory: { type: 'image', image_url: card.posterUrl, alt_text: 'First frame of the recording' } } : facts,
  ];
  if (card.summary.length > 0) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: clip(`*Summary*\n${card.summary.map((l) => `• ${escape(l)}`).join('\n')}`, 3000) } });
  if (card.note) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: clip(`Note: ${escape(card.note)}`, 2000) }] });
  if (card.failed) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: 'Processing failed; the original upload can be downloaded from the recording page.' }] });
  blocks.push({ type: 'actions', elements: [{ type: 'button', style: 'primary', text: { type: 'plain_text', text: 'Open recording' }, url: card.recordingUrl, action_id: 'open_recording' }] });
  return { text: clip(card.heading, 3000), blocks };
}

/** "Ada mentioned Grace": the comment quoted, with its moment and a button to the recording there. */
export function mentionSlackMessage(alert: MentionAlert): SlackMessage {
  const author = alert.comment.guest ? `${alert.comment.author} (outside guest)` : alert.comment.author;
  const named = alert.mentioned.map((m) => m.name).join(', ');
  const at = alert.comment.at_ms === null ? '' : ` at ${playerClock(alert.comment.at_ms)}`;
  const heading = `${author} mentioned ${named} on “${alert.request_title}”${at}`;
  const quote = alert.comment.body.split('\n').map((line) => `>${escape(line)}`).join('\n');
  return {
    text: clip(heading, 3000),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: clip(`*${escape(heading)}*\n${quote}`, 3000) } },
      { type: 'actions', elements: [{ type: 'button', style: 'primary', text: { type: 'plain_text', text: 'Open recording' }, url: alert.link, action_id: 'open_recording' }] },
    ],
  };
}

export function testSlackMessage(integrationsUrl: string): SlackMessage {
  const text = 'Showback is connected: new recordings will be posted in this channel.';
  return {
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `:white_check_mark: ${text}` } },
      { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Integration settings' }, url: integrationsUrl, action_id: 'open_settings' }] },
    ],
  };
}
