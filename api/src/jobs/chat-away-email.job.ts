import { Type } from 'typebox';
import { emailUnreadStaffReplies } from '../modules/chat/chat-away-email.ts';
import { defineJob } from './job.ts';

/** Queued CHAT_AWAY_EMAIL_SECONDS after a staff chat reply: emails what the customer has not read by then. */
export const chatAwayEmailJob = defineJob({
  name: 'chat-away-email',
  schema: Type.Object({ conversation_id: Type.String({ format: 'uuid' }) }),
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
  handler: async (payload, ctx) => {
    await emailUnreadStaffReplies(ctx, payload.conversation_id);
  },
});
