import { helpdeskChannel, type NoteApi } from '../helpdesk/helpdesk-channel.ts';
import { callZendesk, zendeskApi } from './zendesk-client.ts';
import { zendeskAccess } from './zendesk-connection.ts';
import * as repo from './zendesk.repository.ts';

/**
 * Internal notes on Zendesk tickets. Zendesk cannot edit a comment (its API only redacts), so the summary written
 * after the first note is one follow-up note. Tags set on the card ride on every note as `additional_tags` (`tags`
 * would replace the ticket's own).
 */
export const zendeskChannel = helpdeskChannel({
  name: 'zendesk',
  label: 'Zendesk',
  editsInPlace: false,

  connection: (db, accountId) => repo.findZendeskConnection(db, accountId).then((row) => row && { site: row.subdomain, error: row.error }),

  async open(ctx, accountId) {
    const row = await repo.findZendeskConnection(ctx.db, accountId);
    if (!row) return { failure: { kind: 'broken', message: 'Zendesk was disconnected.' } };
    const access = await zendeskAccess(ctx, row);
    if ('failure' in access) return access;
    const client = zendeskApi(ctx, row.subdomain, access.token);
    const tags = row.note_tags.split(' ').filter(Boolean);
    const api: NoteApi = {
      async findNote(ticket, ref) {
        const comments = await callZendesk<{ html_body?: string; body?: string }[]>(() =>
          client.tickets.getComments(Number(ticket)).then((result) => ({ response: { status: 200, headers: new Headers() }, result })),
        );
        if (!comments.ok) return comments;
        return { ...comments, value: comments.value.some((c) => (c.html_body ?? c.body ?? '').includes(ref)) ? { noteId: null } : undefined };
      },
      async post(ticket, html) {
        const update = { comment: { html_body: html, public: false }, ...(tags.length ? { additional_tags: tags } : {}) };
        const answer = await callZendesk(() => client.tickets.update(Number(ticket), { ticket: update } as never));
        return answer.ok ? { ...answer, value: { noteId: null } } : answer;
      },
      broken: (message) => repo.setZendeskError(ctx.db, row.account_id, access.row.access_token_encrypted, message),
    };
    return { api };
  },
});
