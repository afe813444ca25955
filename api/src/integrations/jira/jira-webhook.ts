import type { JiraWebhookAck } from '@showback/contract';
import { errors as joseErrors, jwtVerify } from 'jose';
import { recordAlertEvent } from '../../alerts/alert-events.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import * as repo from './jira.repository.ts';
import { settingsOf } from '../kit/provider.ts';
import { jiraSettings } from './jira.settings.ts';

interface IssueEvent {
  webhookEvent?: string;
  matchedWebhookIds?: (number | string)[];
  issue?: { id?: string; key?: string; fields?: { summary?: string; status?: { name?: string; statusCategory?: { key?: string } } } };
}

/**
 * Jira's callback for the dynamic webhooks Showback registered. Atlassian authenticates each delivery to an OAuth 2.0
 * app with `Authorization: Bearer <JWT>` signed HS256 with the app's client secret; the token must verify and be
 * unexpired (a minute of clock skew allowed). The event names the webhooks it matched (`matchedWebhookIds`), and only
 * issues on sites whose connection registered one of them change, so a delivery for one account cannot touch
 * another's. Setting a status is idempotent, so a redelivery changes nothing twice; a new status is news for the
 * notes on the tickets the recordings came from.
 */
export async function handleJiraWebhook(ctx: AppContext, rawBody: Buffer, authorization: string | undefined): Promise<JiraWebhookAck> {
  const secret = settingsOf(ctx, jiraSettings)?.clientSecret;
  if (!secret) throw new AppError('INTEGRATION_UNAVAILABLE', 'Jira is not configured on this server (JIRA_CLIENT_ID).');
  const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) throw new AppError('UNAUTHENTICATED', 'Missing the Bearer JWT Jira signs its webhooks with.');
  try {
    await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'], requiredClaims: ['exp'], clockTolerance: 60 });
  } catch (error) {
    throw error instanceof joseErrors.JWTExpired
      ? new AppError('UNAUTHENTICATED', 'The webhook’s JWT has expired.')
      : new AppError('UNAUTHENTICATED', 'The webhook’s JWT is not signed with this app’s secret.');
  }
  let event: IssueEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as IssueEvent;
  } catch {
    throw new AppError('BAD_REQUEST', 'The webhook body is not JSON.');
  }
  const issue = event.issue;
  const status = issue?.fields?.status;
  if (event.webhookEvent !== 'jira:issue_updated' || !issue?.id || !status?.name) return { received: true, updated: 0 };
  return ctx.db.transaction().execute(async (trx) => {
    const moved = await repo.setIssueStatus(trx, (event.matchedWebhookIds ?? []).map(String), issue.id!, {
      status_name: status.name!,
      status_category: status.statusCategory?.key ?? 'indeterminate',
      ...(issue.fields?.summary ? { title: issue.fields.summary } : {}),
      ...(issue.key ? { issue_key: issue.key } : {}),
    });
    for (const m of moved) await recordAlertEvent(trx, { accountId: m.account_id, type: 'submission.escalated', submissionId: m.submission_id });
    return { received: true, updated: moved.length };
  });
}
