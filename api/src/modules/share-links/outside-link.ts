import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { recordAdminAction } from '../admin/audit-log.repository.ts';
import { hashToken } from '../auth/tokens.ts';
import * as repo from './share-links.repository.ts';
import { outsideLinkToken, shareLinkUrl } from './share-links.service.ts';
import { neverExpiresAllowed, readSharing } from './sharing-settings.ts';

const DAY = 24 * 60 * 60 * 1000;
/** An outside link's life where the plan has no links that never expire. */
const OUTSIDE_LINK_DAYS = 90;

/** The recording in the dashboard: sign-in required. */
export const dashboardRecordingUrl = (ctx: AppContext, submissionId: string): string => `${ctx.config.publicUrl}/my/recordings/${submissionId}`;

/**
 * The link to put in a message that leaves the account (an issue in Linear, Jira or GitHub, a helpdesk note, a Slack
 * or Teams post) for this recording, so whoever reads it can watch: the account's link for its email domains
 * (`outside_links: 'domain'`, one per recording, reused), or a link for anyone made for that channel's message
 * (`'issue'`, with sharing on). Where the settings allow neither (sharing off, no domains listed, anyone links not
 * allowed), the dashboard's address. `channel` names the message's kind: 'linear', 'zendesk', 'slack'…
 */
export async function outsideRecordingLink(ctx: AppContext, accountId: string, submissionId: string, channel: string): Promise<string> {
  const settings = await readSharing(ctx.db, accountId);
  if (settings.mode === 'off') return dashboardRecordingUrl(ctx, submissionId);
  const forAnyone = settings.outside_links === 'issue' && settings.mode === 'on';
  if (!forAnyone && settings.domains.length === 0) return dashboardRecordingUrl(ctx, submissionId);
  const key = forAnyone ? `issue:${channel}` : 'domain';
  const now = new Date();
  const found = await repo.findOutsideLink(ctx.db, submissionId, key, now);
  if (found) return shareLinkUrl(ctx, outsideLinkToken(ctx, found.id));

  const id = crypto.randomUUID();
  const never = await neverExpiresAllowed(ctx.db, accountId, now);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertShareLink(trx, {
      id,
      account_id: accountId,
      submission_id: submissionId,
      token_hash: hashToken(outsideLinkToken(ctx, id)),
      audience: forAnyone ? 'anyone' : 'domain',
      emails: '[]',
      purpose: 'outside',
      // Whoever opens the issue verified an address at the account's domains: they may discuss it in the comments.
      allow_comments: !forAnyone,
      outside_key: key,
      created_by: null,
      expires_at: never ? null : new Date(now.getTime() + OUTSIDE_LINK_DAYS * DAY),
    });
    await recordAdminAction(trx, { id: null, email: 'showback' }, { action: 'share_link.create', targetType: 'share_link', targetId: id, after: { submission_id: submissionId, audience: forAnyone ? 'anyone' : 'domain', outside: key } });
  });
  return shareLinkUrl(ctx, outsideLinkToken(ctx, id));
}
