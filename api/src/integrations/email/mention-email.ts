import { playerClock } from '@showback/contract';
import type { MentionAlert } from '../../modules/comments/mention-alert.ts';
import { escapeHtml as esc } from '../../web/message-page.ts';

/** "Ada mentioned you": the comment, its moment and a link to the recording there. Plain text and HTML. */
export function renderMentionEmail(alert: MentionAlert): { subject: string; text: string; html: string } {
  const author = alert.comment.guest ? `${alert.comment.author} (outside guest)` : alert.comment.author;
  const at = alert.comment.at_ms === null ? '' : ` at ${playerClock(alert.comment.at_ms)}`;
  const subject = `${author} mentioned you on “${alert.request_title}”`;
  const text = [`${author} mentioned you in a comment${at} on the recording “${alert.request_title}”:`, '', ...alert.comment.body.split('\n').map((line) => `> ${line}`), '', `Open it: ${alert.link}`].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1d252c">
<p>${esc(author)} mentioned you in a comment${esc(at)} on the recording <strong>${esc(alert.request_title)}</strong>:</p>
<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #c9d1d9;white-space:pre-wrap">${esc(alert.comment.body)}</blockquote>
<p><a href="${esc(alert.link)}" style="display:inline-block;padding:8px 14px;background:#0b5cad;color:#fff;border-radius:6px;text-decoration:none">Open the recording</a></p>
</body></html>`;
  return { subject, text, html };
}
