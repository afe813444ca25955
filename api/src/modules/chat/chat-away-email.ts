import type { AppContext } from '../../context.ts';
import * as repo from './chat.repository.ts';

/** How much earlier than CHAT_AWAY_EMAIL_SECONDS a reply counts as unread long enough (clocks, queue polling). */
const AWAY_EMAIL_MARGIN_MS = 250;

/** The away email: the staff replies the customer has not read (nor been emailed about), in one message. */
export async function emailUnreadStaffReplies(ctx: AppContext, conversationId: string): Promise<void> {
  // Only replies that stayed unread the whole delay (less a margin for the job starting a little early): a newer one
  // may still be read in time, and its own job comes later.
  const olderThan = new Date(Date.now() - ctx.config.chatAwayEmailSeconds * 1000 + AWAY_EMAIL_MARGIN_MS);
  await repo.withUnemailedStaffMessages(ctx.db, conversationId, olderThan, async (user, messages) => {
    const lines = messages.map((m) => `${m.author_name}: ${m.body}`);
    await ctx.mailer.send({
      to: user.email,
      subject: messages.length === 1 ? 'New reply from the Showback team' : `${messages.length} new replies from the Showback team`,
      text: [`Hi ${user.name},`, '', 'The Showback team answered in your chat while you were away:', '', ...lines, '', `Continue the conversation at ${ctx.config.publicUrl}/chat`].join('\n'),
    });
  });
}
