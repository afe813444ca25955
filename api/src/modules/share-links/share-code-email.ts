import { SHARE_CODE_MINUTES } from '@showback/contract';
import type { MailMessage } from '../../mail/mailer.ts';
import { escapeHtml as esc } from '../../web/message-page.ts';


/** The one-time code a share link's viewer types to prove the address is theirs. */
export function shareCodeMail(input: { to: string; code: string; accountName: string }): MailMessage {
  const { to, code, accountName } = input;
  return {
    to,
    subject: `${code} is your code to watch a recording from ${accountName}`,
    text:
      `Your code to watch the recording ${accountName} shared with you: ${code}\n\n` +
      `It works once, for ${SHARE_CODE_MINUTES} minutes. If you did not ask for it, ignore this email.\n`,
    html:
      `<p>Your code to watch the recording <strong>${esc(accountName)}</strong> shared with you:</p>` +
      `<p style="font-size:24px;letter-spacing:4px"><strong>${code}</strong></p>` +
      `<p>It works once, for ${SHARE_CODE_MINUTES} minutes. If you did not ask for it, ignore this email.</p>`,
  };
}
