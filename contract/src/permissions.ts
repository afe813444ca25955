import type { AccessTokenScope } from './access-tokens.ts';
import { ROLES, type Role } from './user-limits.ts';

/**
 * Who in an account may do what: the one table the API's checks (a route's `config.permission`) and the dashboard's
 * offers (usePermission) both read. Every action not listed here is open to every role of the account. `refusal`
 * is the API's 403 message and the reason the dashboard shows where it does not offer the action. `token` opens the
 * action to personal access tokens of that scope (or wider); a route whose action has none refuses every token.
 */
const TABLE = {
  /** The recordings and requests, read: lists, one recording, its events, transcript, summary and video. */
  'recordings.read': { roles: ROLES, doing: 'see recordings', token: 'read' },
  /** Comments on a recording: writing, replying, @mentioning, and editing or deleting one's own. */
  'recordings.comment': { roles: ROLES, doing: 'comment on recordings', token: 'write' },
  /** A recording's review: its state (open, in progress, resolved, reopened) and its assignee. */
  'recordings.review': { roles: ROLES, doing: "change a recording's state or assignee", token: 'write' },
  /**
   * Deleting someone else's comment (moderation). Checked per comment by the comments service, not by a route: the
   * route is the one that deletes one's own (recordings.comment).
   */
  'comments.delete_any': { roles: ['owner', 'admin'], doing: "delete other people's comments", token: 'write' },
  /** Share links of a recording: creating, listing who opened them, revoking (/my/recordings/:id, Share). */
  'recordings.share': { roles: ROLES, doing: 'share recordings' },
  /** Creating a recording request and its link, changing it, archiving it, replacing its link. */
  'requests.write': { roles: ROLES, doing: 'create or change recording requests', token: 'write' },
  /** Everyone's personal access tokens in the account, listed and revoked (/my/account). */
  'tokens.manage': { roles: ['owner', 'admin'], doing: "see or revoke the account's access tokens" },
  /** Workspace name and onboarding answers (/my/account, /onboarding). */
  'account.edit': { roles: ['owner', 'admin'], doing: 'change the workspace settings' },
  /** Sharing for the account: off, verified people only or on; its email domains; what outside messages link to (/my/account). */
  'account.sharing': { roles: ['owner', 'admin'], doing: 'change the sharing settings' },
  /** The branded subdomain (/my/account). */
  'account.subdomain': { roles: ['owner', 'admin'], doing: 'change the branded subdomain' },
  /** Logo and colours (/my/account). */
  'account.branding': { roles: ['owner', 'admin'], doing: 'change the branding' },
  /** Plan, interval, Stripe checkout and portal, releasing held recordings (/my/account "Change plan", /upgrade). */
  'billing.manage': { roles: ['owner', 'admin'], doing: 'change the plan or billing' },
  /** Setting the widget up, its allowed origins, appearance and key (/my/widget). */
  'widget.configure': { roles: ['owner', 'admin'], doing: 'set up or change the widget' },
  /** Slack, Microsoft Teams, webhooks and Zapier (/my/integrations). */
  'integrations.manage': { roles: ['owner', 'admin'], doing: 'connect or change integrations' },
  /** Inviting, resending and revoking invitations (/my/team). */
  'team.invite': { roles: ['owner', 'admin'], doing: 'invite people' },
  /** Making a member an admin or an admin a member, removing either (/my/team). */
  'team.manage_members': { roles: ['owner', 'admin'], doing: 'change roles or remove people' },
  /** Handing ownership to an admin (/my/team). */
  'team.transfer_ownership': { roles: ['owner'], doing: 'transfer ownership' },
} as const satisfies Record<string, { roles: readonly Role[]; doing: string; token?: AccessTokenScope }>;

export type Permission = keyof typeof TABLE;

/** Actions checked on the record a route acts on rather than by the route's config (see each one's comment). */
export const RECORD_PERMISSIONS: readonly Permission[] = ['comments.delete_any'];

export interface PermissionRule {
  roles: readonly Role[];
  /** The API's 403 message, and the reason the dashboard gives. */
  refusal: string;
  /** The scope a personal access token needs for it; undefined: tokens may not take it. */
  token: AccessTokenScope | undefined;
}

const who = (roles: readonly Role[]): string => (roles.length === ROLES.length ? 'people of the account' : roles.length === 1 ? 'the account owner' : 'the account owner or an admin');

export const PERMISSIONS = Object.fromEntries(
  Object.entries(TABLE).map(([action, rule]) => [
    action,
    { roles: rule.roles, refusal: `Only ${who(rule.roles)} may ${rule.doing}.`, token: 'token' in rule ? rule.token : undefined },
  ]),
) as unknown as Record<Permission, PermissionRule>;

export const PERMISSION_NAMES = Object.keys(TABLE) as Permission[];

/** Whether `role` may take `action`; nobody without a role (signed out) may. */
export function may(role: Role | null | undefined, action: Permission): boolean {
  return role != null && PERMISSIONS[action].roles.includes(role);
}
