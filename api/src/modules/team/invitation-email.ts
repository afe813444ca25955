import type { AssignableRole } from '@showback/contract';
import { INVITATION_LIFETIME_DAYS } from '@showback/contract';
import type { MailMessage } from '../../mail/mailer.ts';
import { escapeHtml as esc } from '../../web/message-page.ts';


/** The same email whether or not the address already has an account, so sending it tells the inviter nothing. */
export function invitationMail(input: { to: string; inviter: string; accountName: string; role: AssignableRole; link: string }): MailMessage {
  const { to, inviter, accountName, role, link } = input;
  const as = role === 'admin' ? 'an admin' : 'a member';
  return {
    to,
    subject: `${inviter} invited you to ${accountName} on Showback`,
    text:
      `${inviter} invited you to join the workspace "${accountName}" on Showback as ${as}.\n\n` +
      `Create your account here (the link works once, for ${INVITATION_LIFETIME_DAYS} days):\n${link}\n\n` +
      `If you did not expect this, ignore this email.\n`,
    html:
      `<p>${esc(inviter)} invited you to join the workspace <strong>${esc(accountName)}</strong> on Showback as ${as}.</p>` +
      `<p><a href="${esc(link)}">Accept the invitation</a> (the link works once, for ${INVITATION_LIFETIME_DAYS} days).</p>` +
      `<p>If you did not expect this, ignore this email.</p>`,
  };
}
