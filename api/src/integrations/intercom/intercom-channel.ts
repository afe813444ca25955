import { helpdeskChannel, type NoteApi } from '../helpdesk/helpdesk-channel.ts';
import { openSecret } from '../kit/secret-box.ts';
import { callIntercom, intercomApi } from './intercom-client.ts';
import * as repo from './intercom.repository.ts';

/**
 * Admin notes on Intercom conversations (POST /conversations/{id}/reply with `type: admin, message_type: note`, as
 * the admin who connected), on the workspace's regional API. Intercom cannot edit a note, so the summary written
 * after the first note is one follow-up note; nothing is posted when nothing new arrived.
 */
export const intercomChannel = helpdeskChannel({
  name: 'intercom',
  label: 'Intercom',
  editsInPlace: false,

  connection: (db, accountId) => repo.findIntercomConnection(db, accountId).then((row) => row && { site: row.workspace_id, error: row.error }),

  async open(ctx, accountId) {
    const row = await repo.findIntercomConnection(ctx.db, accountId);
    const token = row && openSecret(ctx, row.access_token_encrypted);
    if (!row || !token) return { failure: { kind: 'broken', message: 'Intercom was disconnected or its access can no longer be read. Reconnect Intercom.' } };
    const client = intercomApi(ctx, row.region, token);
    const api: NoteApi = {
      async findNote(conversation, ref) {
        const found = await callIntercom(() => client.conversations.find({ conversation_id: conversation }));
        if (!found.ok) return found;
        const parts = found.value.conversation_parts?.conversation_parts ?? [];
        const part = parts.find((p) => p.part_type === 'note' && (p.body ?? '').includes(ref));
        return { ...found, value: part && { noteId: part.id ?? null } };
      },
      async post(conversation, html) {
        const answer = await callIntercom(() => client.conversations.reply({ conversation_id: conversation, body: { message_type: 'note', type: 'admin', admin_id: row.admin_id, body: html } }));
        if (!answer.ok) return answer;
        // The reply answers the whole conversation; the note is its newest part.
        const parts = answer.value.conversation_parts?.conversation_parts ?? [];
        return { ...answer, value: { noteId: parts.at(-1)?.id ?? null } };
      },
      broken: (message) => repo.setIntercomError(ctx.db, row.account_id, row.access_token_encrypted, message),
    };
    return { api };
  },
});
