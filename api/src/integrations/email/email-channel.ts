import type { Readable } from 'node:stream';
import type { AlertChannel } from '../../alerts/alert-channel.ts';
import { findNewRecordingRecipient, newRecordingRecipients } from '../../alerts/alert-preferences.repository.ts';
import { buildSubmissionAlert } from '../../alerts/submission-alert.ts';
import { unsubscribeUrl } from '../../alerts/unsubscribe-link.ts';
import { buildMentionAlert, mentionedMembers } from '../../modules/comments/mention-alert.ts';
import { findSubmissionById } from '../../modules/submissions/submissions.repository.ts';
import { renderMentionEmail } from './mention-email.ts';
import { renderNewRecordingEmail } from './new-recording-email.ts';

/** Sent once a recording settled: ready (with its poster and length) or failed (the original is downloadable). */
const EMAIL_EVENTS = new Set(['submission.ready', 'submission.failed']);

interface StoredEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Absent for a mention, which is sent to the member named whatever their new-recording choice. */
  unsubscribe?: string;
  submissionId: string;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** SMTP's 5xx replies (unknown mailbox, refused sender) are final; anything else may pass on a later attempt. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * "New recording" emails to the account's members who want them (owners and admins unless they turned it off), and
 * "mentioned you" to each member a comment @mentions.
 */
export const emailChannel: AlertChannel = {
  name: 'email',
  retryDelaysSeconds: [60, 5 * 60, 30 * 60, 2 * 3600],

  async targets(db, event) {
    if (event.type === 'comment.mentioned') return (await mentionedMembers(db, event)).map((m) => m.id);
    if (!EMAIL_EVENTS.has(event.type)) return [];
    return (await newRecordingRecipients(db, event.account_id)).map((r) => r.id);
  },

  async render(ctx, event, target) {
    if (event.type === 'comment.mentioned') {
      const mention = await buildMentionAlert(ctx, event);
      if (!mention) return { result: 'failed', excerpt: 'The comment or its recording was deleted before this email could be sent.' };
      const person = mention.mentioned.find((m) => m.id === target);
      if (!person) return { result: 'failed', excerpt: 'Not sent: this person left the account.' };
      const stored: StoredEmail = { to: person.email, ...renderMentionEmail(mention), submissionId: event.submission_id! };
      return JSON.stringify(stored);
    }
    const person = await findNewRecordingRecipient(ctx.db, event.account_id, target);
    if (!person) return { result: 'failed', excerpt: 'Not sent: this person left the account or turned these emails off.' };
    const alert = event.submission_id ? await buildSubmissionAlert(ctx, event.account_id, event.submission_id) : undefined;
    if (!alert) return { result: 'failed', excerpt: 'The recording was deleted before this email could be sent.' };
    const unsubscribe = unsubscribeUrl(ctx, person.id);
    const email = renderNewRecordingEmail(alert, { hasPoster: alert.links.poster !== null, unsubscribeUrl: unsubscribe });
    const stored: StoredEmail = { to: person.email, ...email, unsubscribe, submissionId: alert.submission.id };
    return JSON.stringify(stored);
  },

  async deliver(ctx, delivery) {
    const email = JSON.parse(delivery.payload) as StoredEmail;
    // The poster is read at send time: it is too large to keep in the delivery row and does not change.
    const posterKey = email.html.includes('cid:poster') ? (await findSubmissionById(ctx.db, email.submissionId))?.poster_key : undefined;
    const poster = posterKey ? await readAll(await ctx.storage.getStream(posterKey)).catch(() => undefined) : undefined;
    try {
      const sent = await ctx.mailer.send({
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: poster ? email.html : email.html.replace(/<a href="[^"]*"><img src="cid:poster"[^>]*><\/a>/, ''),
        ...(poster ? { attachments: [{ filename: 'recording.jpg', content: poster, contentType: 'image/jpeg', cid: 'poster' }] } : {}),
        ...(email.unsubscribe ? { list: { unsubscribe: email.unsubscribe }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
      });
      return { result: 'succeeded', excerpt: `Accepted by ${ctx.mailer.kind === 'smtp' ? 'the SMTP server' : 'the local mailbox'}: ${sent.messageId}` };
    } catch (error) {
      const excerpt = `Mail not accepted: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
      return isPermanent(error) ? { result: 'failed', excerpt } : { result: 'retry', excerpt };
    }
  },
};
