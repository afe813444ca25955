import type { GitHubWebhookAck } from '@showback/contract';
import { verify } from '@octokit/webhooks-methods';
import { recordAlertEvent } from '../../alerts/alert-events.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import * as repo from './github.repository.ts';
import { settingsOf } from '../kit/provider.ts';
import { githubSettings } from './github.settings.ts';

interface IssuesEvent {
  action?: string;
  issue?: { number?: number; title?: string; html_url?: string; state?: string; state_reason?: string | null };
  repository?: { id?: number; full_name?: string };
}

/** The `issues` actions that carry the issue's state, title or place as they now are. */
const FOLLOWED = new Set(['opened', 'edited', 'closed', 'reopened']);

/**
 * The `issues` webhook Showback adds to the repository picked (one secret, GITHUB_WEBHOOK_SECRET, for every
 * account). `X-Hub-Signature-256` is `sha256=` and the hex HMAC-SHA256 of the exact body, checked in constant time
 * by Octokit's webhooks-methods; GitHub signs no timestamp, so the `X-GitHub-Delivery` id is claimed in the database,
 * in the same transaction as the change: a redelivery, or one reaching two processes, changes nothing twice. A new
 * state is news for the notes on the tickets the recordings came from (submission.escalated).
 */
export async function handleGitHubWebhook(ctx: AppContext, rawBody: Buffer, headers: { signature?: string; event?: string; delivery?: string }): Promise<GitHubWebhookAck> {
  const secret = settingsOf(ctx, githubSettings)?.webhookSecret;
  if (!secret) throw new AppError('INTEGRATION_UNAVAILABLE', 'GitHub webhooks are not configured on this server (GITHUB_WEBHOOK_SECRET).');
  if (!headers.signature) throw new AppError('UNAUTHENTICATED', 'Missing X-Hub-Signature-256 header.');
  const genuine = await verify(secret, rawBody.toString('utf8'), headers.signature).catch(() => false);
  if (!genuine) throw new AppError('UNAUTHENTICATED', 'The X-Hub-Signature-256 does not match the body.');
  if (!headers.delivery) throw new AppError('BAD_REQUEST', 'Missing X-GitHub-Delivery header.');
  let event: IssuesEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as IssuesEvent;
  } catch {
    throw new AppError('BAD_REQUEST', 'The webhook body is not JSON.');
  }
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.claimDelivery(trx, headers.delivery!))) return { received: true, duplicate: true };
    const { issue, repository } = event;
    if (headers.event === 'issues' && FOLLOWED.has(event.action ?? '') && repository?.id && repository.full_name && issue?.number && issue.title && issue.html_url && (issue.state === 'open' || issue.state === 'closed')) {
      const moved = await repo.setIssueState(trx, repository.id, issue.number, { state: issue.state, state_reason: issue.state_reason ?? null, title: issue.title, url: issue.html_url, repository_full_name: repository.full_name });
      for (const m of moved) await recordAlertEvent(trx, { accountId: m.account_id, type: 'submission.escalated', submissionId: m.submission_id });
    }
    return { received: true, duplicate: false };
  });
}
