import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.ts';
import { requireSysadmin } from '../plugins/auth.ts';
import { LocalMailbox, type StoredMail } from './local-mailbox.ts';
import { escapeHtml as esc } from '../web/message-page.ts';

const linkify = (s: string): string => esc(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>
body{font:14px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2933}
table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #e4e7eb}
pre{white-space:pre-wrap;background:#f5f7fa;padding:1rem;border-radius:6px}iframe{width:100%;height:480px;border:1px solid #e4e7eb}
</style></head><body>${body}</body></html>`;
}

function listPage(mails: StoredMail[]): string {
  const rows = mails
    .map((m) => `<tr><td>${esc(new Date(m.sent_at).toLocaleString('en-GB'))}</td><td>${esc(m.to)}</td><td><a href="/dev/mailbox/${m.id}">${esc(m.subject)}</a></td></tr>`)
    .join('');
  return layout('Local mailbox', `<h1>Local mailbox</h1><p>Email this server sent; SMTP_URL is not set, so it is kept here instead.</p>
<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No messages yet.</td></tr>'}</tbody></table>`);
}

function messagePage(m: StoredMail): string {
  return layout(m.subject, `<p><a href="/dev/mailbox">← Mailbox</a> · <a href="/dev/mailbox/${m.id}.eml">raw .eml</a></p>
<h1>${esc(m.subject)}</h1><p><strong>From</strong> ${esc(m.from)}<br><strong>To</strong> ${esc(m.to)}<br><strong>Sent</strong> ${esc(m.sent_at)}</p>
<h2>Text</h2><pre>${linkify(m.text)}</pre>${m.html ? `<h2>HTML</h2><iframe sandbox title="HTML version" srcdoc="${esc(m.html)}"></iframe>` : ''}`);
}

/**
 * GET /dev/mailbox: the local mailbox for people (HTML) and tests (messages.json). Only without SMTP, and only for a
 * signed-in system admin: it holds every password-reset link the server sent, so reading it is signing in as anyone.
 */
export async function mailboxRoutes(app: FastifyInstance): Promise<void> {
  const mailbox = app.ctx.mailer;
  if (!(mailbox instanceof LocalMailbox)) return;
  app.addHook('preValidation', requireSysadmin);
  app.get('/dev/mailbox', async (_request, reply) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(listPage(await mailbox.list())));
  app.get('/dev/mailbox/messages.json', async (_request, reply) => reply.header('Cache-Control', 'no-store').send(await mailbox.list()));
  app.get<{ Params: { id: string } }>('/dev/mailbox/:id', async (request, reply) => {
    const { id } = request.params;
    if (id.endsWith('.eml')) {
      const raw = await mailbox.raw(id.slice(0, -4));
      if (!raw) throw notFound('Message');
      return reply.type('message/rfc822').header('Content-Disposition', `inline; filename="${id}"`).send(raw);
    }
    const mail = await mailbox.find(id);
    if (!mail) throw notFound('Message');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(messagePage(mail));
  });
}
