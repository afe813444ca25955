import type { Role } from './users.ts';

const OWNER_OR_ADMIN = 'Only the account owner or an admin may do this.';
const OWNER_ONLY = 'Only the account owner may do this.';

/**
 * Who in an account may do what: the one table the API's checks (a route's `config.permission`) and the dashboard's
 * offers (usePermission) both read. Every action not listed here is open to every role of the account. `refusal`
 * is the API's 403 message and the reason the dashboard shows beside an action it does not offer.
 */
export const PERMISSIONS = {
  /** Workspace name and onboarding answers (/my/account, /onboarding). */
  'account.edit': { roles: ['owner', 'admin'], refusal: OWNER_OR_ADMIN },
  /** The branded subdomain (/my/account). */
  'account.subdomain': { roles: ['owner', 'admin'], refusal: OWNER_OR_ADMIN },
  /** Logo and colours (/my/account). */
  'account.branding': { roles: ['owner', 'admin'], refusal: OWNER_OR_ADMIN },
  /** Plan, interval, Stripe checkout and portal, releasing held recordings (/my/account "Change plan", /upgrade). */
  'billing.manage': { roles: ['owner', 'admin'], refusal: OWNER_OR_ADMIN },
  /** Allowed origins, appearance and the widget key (/my/widget). */
  'widget.configure': { roles: ['owner', 'admin'], refusal: OWNER_OR_ADMIN },
  /** Slack, Microsoft Teams, webhooks and Zapier (/my/integrations). */
  'integrations.manage': { roles: ['owner', 'admin'], refusal: OWNER_OR_ADMIN },
  /** Inviting, resending and revoking invitations (/my/team). */
  'team.invite': { roles: ['owner', 'admin'], refusal: OWNER_OR_ADMIN },
  /** Making a member an admin or an admin a member, removing either (/my/team). */
  'team.manage_members': { roles: ['owner', 'admin'], refusal: OWNER_OR_ADMIN },
  /** Handing ownership to an admin (/my/team). */
  'team.transfer_ownership': { roles: ['owner'], refusal: OWNER_ONLY },
} as const satisfies Record<string, { roles: readonly Role[]; refusal: string }>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Whether `role` may take `action`; nobody without a role (signed out) may. */
export function may(role: Role | null | undefined, action: Permission): boolean {
  return role != null && (PERMISSIONS[action].roles as readonly Role[]).includes(role);
}
