import { helpdeskChannel, type NoteApi } from '../helpdesk/helpdesk-channel.ts';
import { callFreshdesk, type FreshdeskConversation } from './freshdesk-client.ts';
import { freshdeskKey } from './freshdesk.service.ts';
import * as repo from './freshdesk.repository.ts';

/** Conversations are read this many to a page (Freshdesk's maximum) when a lost answer is looked for. */
const PAGE = 100;

/**
 * Private notes on Freshdesk tickets (POST /api/v2/tickets/{id}/notes with `private: true`). Freshdesk edits a note
 * (PUT /api/v2/conversations/{id}), so the summary written after the first note goes into that note.
 */
export const freshdeskChannel = helpdeskChannel({
  name: 'freshdesk',
  label: 'Freshdesk',
  editsInPlace: true,

  connection: (db, accountId) => repo.findFreshdeskConnection(db, accountId).then((row) => row && { site: row.domain, error: row.error }),

  async open(ctx, accountId) {
    const row = await repo.findFreshdeskConnection(ctx.db, accountId);
    const key = row && (await freshdeskKey(ctx, row));
    if (!row || !key) return { failure: { kind: 'broken', message: 'Freshdesk was disconnected or its key can no longer be read.' } };
    const call = <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => callFreshdesk<T>(ctx, row.domain, key, { method, path, body });
    const api: NoteApi = {
      async findNote(ticket, ref) {
        for (let page = 1; ; page++) {
          const answer = await call<FreshdeskConversation[]>('GET', `/tickets/${ticket}/conversations?per_page=${PAGE}&page=${page}`);
          if (!answer.ok) return answer;
          const found = answer.value.find((c) => c.body.includes(ref));
          if (found || answer.value.length < PAGE) return { ...answer, value: found && { noteId: String(found.id) } };
        }
      },
      async post(ticket, html) {
        const answer = await call<FreshdeskConversation>('POST', `/tickets/${ticket}/notes`, { body: html, private: true });
        return answer.ok ? { ...answer, value: { noteId: String(answer.value.id) } } : answer;
      },
      edit: (_ticket, noteId, html) => call('PUT', `/conversations/${noteId}`, { body: html }),
      broken: (message) => repo.setFreshdeskError(ctx.db, row.account_id, row.api_key_encrypted, message),
    };
    return { api };
  },
});
