import { playerClock } from '@showback/contract';
import { senderInFull, senderName, type SubmissionAlert } from '../../alerts/submission-alert.ts';
import { escapeHtml as esc } from '../../web/message-page.ts';

export interface NewRecordingEmail {
  subject: string;
  text: string;
  html: string;
}

const duration = (ms: number | null): string => (ms === null ? 'unknown length' : playerClock(ms, 'round'));

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * The "New recording" email: request title, recipient, length, poster, what the widget caught, the customer's note,
 * a button to open it. Plain-text and HTML parts. The HTML declares both colour schemes and restyles itself for
 * dark mode (clients that recolour on their own get colours chosen to survive inversion); the poster is an inline
 * attachment (cid:poster), so it shows in clients that block remote images and after links expire.
 */
export function renderNewRecordingEmail(alert: SubmissionAlert, options: { hasPoster: boolean; unsubscribeUrl: string }): NewRecordingEmail {
  const who = senderName(alert.recipient);
  const from = senderInFull(alert.recipient);
  const failed = alert.submission.status === 'failed';
  const problems = `${plural(alert.counts.console_errors, 'console error', 'console errors')}, ${plural(alert.counts.failed_requests, 'failed request', 'failed requests')}`;
  const subject = `New recording: ${alert.request.title} from ${who}`;
  const text = [
    `${who} sent a recording for "${alert.request.title}".`,
    '',
    `From: ${from}`,
    `Length: ${duration(alert.submission.duration_ms)}`,
    `Captured with it: ${problems}`,
    ...(alert.submission.note ? ['', 'Their note:', alert.submission.note] : []),
    ...(failed ? ['', 'The video could not be processed; the original upload can still be downloaded.'] : []),
    '',
    `Open the recording: ${alert.links.recording}`,
    '',
    '—',
    `You get this email because new-recording emails are on for you. Turn them off: ${options.unsubscribeUrl}`,
  ].join('\n');

  const row = (label: string, value: string): string =>
    `<tr><td style="padding:4px 12px 4px 0;color:#5b6670;white-space:nowrap" class="muted">${esc(label)}</td><td style="padding:4px 0">${esc(value)}</td></tr>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
<title>${esc(subject)}</title>
<style>
:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme: dark){
  body,.page{background:#111714 !important;color:#e8eeea !important}
  .card{background:#1b241f !important;border-color:#2c3a32 !important}
  .muted{color:#a8b5ad !important}
  .note{background:#222d27 !important;border-color:#3d7a57 !important;color:#e8eeea !important}
  .button{background:#3d9a68 !important;color:#ffffff !important}
  a{color:#7fd0a4 !important}
}
</style></head>
<body class="page" style="margin:0;padding:24px 12px;background:#f4f6f5;color:#1f2933;font:15px/1.5 -apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" class="card" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #dde3df;border-radius:8px">
<tr><td style="padding:24px">
<p style="margin:0 0 4px;font-size:13px;color:#5b6670" class="muted">New recording</p>
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3">${esc(alert.request.title)}</h1>
${options.hasPoster ? `<a href="${esc(alert.links.recording)}"><img src="cid:poster" alt="First frame of the recording" width="512" style="display:block;width:100%;max-width:512px;height:auto;border-radius:6px;margin:0 0 16px"></a>` : ''}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px">
${row('From', from)}${row('Length', duration(alert.submission.duration_ms))}${row('Captured with it', problems)}
</table>
${alert.submission.note ? `<div class="note" style="margin:0 0 16px;padding:12px;background:#f0f5f2;border-left:3px solid #1f6b45;white-space:pre-wrap">${esc(alert.submission.note)}</div>` : ''}
${failed ? '<p style="margin:0 0 16px">The video could not be processed; the original upload can still be downloaded.</p>' : ''}
<p style="margin:0 0 8px"><a class="button" href="${esc(alert.links.recording)}" style="display:inline-block;padding:10px 18px;background:#1f6b45;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">Open recording</a></p>
</td></tr></table>
<p class="muted" style="max-width:560px;margin:16px auto 0;font-size:12px;color:#5b6670">You get this email because new-recording emails are on for you.
<a href="${esc(options.unsubscribeUrl)}" style="color:#1f6b45">Turn them off</a> or change it on your account page.</p>
</td></tr></table>
</body></html>`;
  return { subject, text, html };
}
