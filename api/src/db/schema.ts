import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ReviewState, SummaryLine, TranscriptSegment } from '@showback/contract';

/** Row types of every table. Each module adds its tables here next to its migration. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | T, string | T>;

export interface AccountsTable {
  id: Generated<string>;
  name: string;
  onboarding_completed: Generated<boolean>;
  plan: Generated<string>;
  billing_interval: Generated<string>;
  trial_ends_at: Date | null;
  details: Generated<Json<Record<string, unknown>>>;
  /** An enterprise account's negotiated limits, set by a system admin; null: no limit. Other plans ignore them. */
  enterprise_submission_limit: number | null;
  enterprise_retention_days: number | null;
  enterprise_seats: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  account_id: string;
  email: string;
  name: string;
  role: 'owner' | 'admin' | 'member';
  is_sysadmin: Generated<boolean>;
  password_hash: string | null;
  email_verified: Generated<boolean>;
  attribution: Json<Record<string, string>> | null;
  must_change_password: Generated<boolean>;
  last_active_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set by a system admin: no sign-in, no session (modules/admin). */
  disabled_at: NullableTimestamp;
  /** The language of the browser they last signed in with (BCP 47); emails write dates in it (users/user-locale.ts). */
  locale: string | null;
}

export interface SessionsTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  persistent: boolean;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface IdentitiesTable {
  id: Generated<string>;
  user_id: string;
  provider: string;
  subject: string;
  email: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  expires_at: Timestamp;
}

export interface SupportRequestsTable {
  id: Generated<string>;
  source: Generated<string>;
  name: string;
  email: string;
  company: string | null;
  topic: string;
  message: string;
  status: Generated<'open' | 'closed'>;
  user_id: string | null;
  ip_hash: string;
  notified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  notify_error: string | null;
  created_at: Timestamp;
  /** Requests from /support (source 'support_page'): the sender's account, a subject and optionally one recording. */
  account_id: string | null;
  subject: string | null;
  submission_id: string | null;
  last_reply_at: NullableTimestamp;
}

export interface SupportRepliesTable {
  id: Generated<string>;
  support_request_id: string;
  author_user_id: string | null;
  author: Generated<'staff' | 'customer'>;
  author_name: string;
  body: string;
  emailed_at: NullableTimestamp;
  email_error: string | null;
  created_at: Timestamp;
}

export interface ChatConversationsTable {
  id: Generated<string>;
  user_id: string;
  /** Message ids: how far each side has read, and how far the customer was emailed about. */
  customer_read_id: Generated<number>;
  staff_read_id: Generated<number>;
  customer_emailed_id: Generated<number>;
  last_message_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface ChatMessagesTable {
  id: ColumnType<number, never, never>;
  conversation_id: string;
  author: 'customer' | 'staff';
  author_user_id: string | null;
  author_name: string;
  body: string;
  created_at: Timestamp;
}

export interface AdminAuditLogTable {
  id: Generated<string>;
  actor_user_id: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  before: Json<Record<string, unknown>> | null;
  after: Json<Record<string, unknown>> | null;
  created_at: Timestamp;
}

/** Rows of `kind` (users, submissions) created per UTC day, kept by triggers in the writing transaction (migration 0220). */
export interface AdminDailyCountsTable {
  kind: 'users' | 'submissions';
  day: string;
  count: number;
}

export interface RecordingRequestsTable {
  id: Generated<string>;
  account_id: string;
  created_by: string | null;
  title: string;
  instructions_html: Generated<string>;
  microphone: 'off' | 'optional' | 'required';
  max_duration_seconds: number;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  field_name: Generated<'off' | 'optional' | 'required'>;
  field_email: Generated<'off' | 'optional' | 'required'>;
  field_note: Generated<'off' | 'optional' | 'required'>;
  redirect_url: string | null;
  /** The recorder's language for this link (a contract Locale); null: the customer's browser decides. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  status: Generated<'active' | 'archived'>;
  token: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RevokedRequestTokensTable {
  token: string;
  request_id: string;
  revoked_at: Timestamp;
}

export interface UploadsTable {
  id: string;
  request_id: string;
  account_id: string;
  filename: string | null;
  filetype: string;
  created_at: Timestamp;
}

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface SubmissionsTable {
  id: Generated<string>;
  account_id: string;
  request_id: string;
  client_submission_id: string;
  upload_id: string;
  source: 'link' | 'widget' | 'file';
  mime_type: string;
  recipient_name: string | null;
  recipient_email: string | null;
  /** The host app's id for the customer, from identify() (widget recordings). */
  recipient_user_id: string | null;
  note: string | null;
  environment: Generated<Json<Record<string, unknown>>>;
  instructions_html: Generated<string>;
  client_duration_ms: number | null;
  /** The language the recorder spoke to the customer (a contract Locale); null before migration 20261202_0400. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  duration_ms: number | null;
  width: number | null;
  height: number | null;
  size_bytes: number | null;
  status: Generated<'queued' | 'processing' | 'ready' | 'failed'>;
  processing_attempts: Generated<number>;
  processing_error: string | null;
  processed_at: NullableTimestamp;
  watermark: Generated<boolean>;
  original_key: string | null;
  original_size: number | null;
  video_key: string | null;
  poster_key: string | null;
  counted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The review's state and owner (migration 20261202_0700, modules/comments/review-state.ts). */
  review_state: Generated<ReviewState>;
  assignee_user_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Comments on a recording, by a member or an outside guest (a verified share-link viewer). */
export interface SubmissionCommentsTable {
  id: Generated<string>;
  account_id: string;
  submission_id: string;
  parent_id: string | null;
  author_kind: 'member' | 'guest';
  author_user_id: string | null;
  /** The name at the time of writing: a removed member's comments keep it. */
  author_name: string;
  guest_email: string | null;
  share_link_id: string | null;
  body: string;
  /** The moment of the video the comment is pinned to; null: about the whole recording. */
  at_ms: number | null;
  created_at: Timestamp;
  edited_at: NullableTimestamp;
}

export interface SubmissionCommentMentionsTable {
  comment_id: string;
  user_id: string;
  submission_id: string;
}

/** When a person last read a recording's comments (the list's unread marker). */
export interface SubmissionCommentReadsTable {
  user_id: string;
  submission_id: string;
  read_at: Timestamp;
}

/** Each state change and assignment of a recording's review; before/after are states or user ids. */
export interface SubmissionReviewLogTable {
  id: Generated<string>;
  /** The order of the changes (one request may make two in one transaction, at one now()). */
  seq: Generated<string>;
  account_id: string;
  submission_id: string;
  actor_user_id: string | null;
  actor_name: string;
  change: 'state' | 'assignee';
  before: string | null;
  after: string | null;
  created_at: Timestamp;
}

/** How many submissions an account has, kept by triggers on submissions in the writing transaction (migration 0240). */
export interface AccountSubmissionCountsTable {
  account_id: string;
  submissions: number;
  /** Bumped by every statement that changes what the account's recordings list shows (migration 0310). */
  list_version: Generated<number>;
}

/** How many submissions a request has, kept by triggers on submissions in the writing transaction (migration 0221). */
export interface RequestSubmissionCountsTable {
  request_id: string;
  submissions: number;
}

export interface AccountBillingTable {
  account_id: string;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  subscription_status: Generated<string>;
  current_period_end: NullableTimestamp;
  cancel_at_period_end: Generated<boolean>;
  stripe_schedule_id: string | null;
  pending_plan: string | null;
  pending_interval: string | null;
  pending_change_at: NullableTimestamp;
  trial_ending_notified_at: NullableTimestamp;
  synced_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CheckoutSessionsTable {
  id: string;
  account_id: string;
  plan: string;
  billing_interval: string;
  completed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  claimed_at: Timestamp;
  processed_at: NullableTimestamp;
}

export interface UsageRetiredTable {
  account_id: string;
  /** YYYY-MM (UTC) */
  month: string;
  count: Generated<number>;
}

export interface HeldSubmissionsTable {
  id: Generated<string>;
  account_id: string;
  request_id: string;
  upload_id: string;
  payload: Json<Record<string, unknown>>;
  held_at: Timestamp;
  released_at: NullableTimestamp;
  submission_id: string | null;
}

export interface RetentionWarningsTable {
  submission_id: string;
  account_id: string;
  warned_at: Timestamp;
  deletes_at: Timestamp;
}

export interface WidgetSettingsTable {
  account_id: string;
  public_key: string;
  request_id: string | null;
  appearance: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WidgetOriginsTable {
  account_id: string;
  origin: string;
}

export interface WidgetSessionsTable {
  id: Generated<string>;
  token_hash: string;
  account_id: string;
  request_id: string;
  origin: string;
  instructions_html: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface SubmissionEventsTable {
  submission_id: string;
  seq: number;
  offset_ms: number;
  kind: 'console' | 'error' | 'network' | 'navigation' | 'action';
  level: string | null;
  payload: Json<Record<string, unknown>>;
}

export interface SubmissionContextTable {
  submission_id: string;
  origin: string | null;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  identity: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  dropped_events: Generated<number>;
}

export interface TranscriptsTable {
  submission_id: string;
  account_id: string;
  status: 'pending' | 'processing' | 'ready' | 'no_speech' | 'failed';
  engine: string | null;
  no_speech_reason: 'no_audio' | 'silence' | 'unsupported_language' | null;
  attempts: Generated<number>;
  error: string | null;
  segments: Json<TranscriptSegment[]>;
  text: Generated<string>;
  /** Generated from text; never written. */
  search: ColumnType<string, never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SummariesTable {
  submission_id: string;
  account_id: string;
  status: 'pending' | 'ready';
  kind: 'model' | 'digest' | null;
  engine: string | null;
  goal: string | null;
  lines: Json<SummaryLine[]>;
  steps: Json<SummaryLine[]>;
  attempts: Generated<number>;
  error: string | null;
  /** The transcript's updated_at this summary was written from (null: no transcript, or written before corrections). */
  transcript_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AlertEventsTable {
  id: Generated<string>;
  account_id: string;
  type: string;
  submission_id: string | null;
  only: Json<{ channel: string; target: string }> | null;
  /** What the event says beyond its recording (a state change, a mention), fixed when it happened. */
  data: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  fanned_out_at: NullableTimestamp;
}

export interface WebhookEndpointsTable {
  id: Generated<string>;
  account_id: string;
  url: string;
  description: Generated<string>;
  events: string[];
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: NullableTimestamp;
  status: Generated<'enabled' | 'paused' | 'disabled'>;
  disabled_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AlertPreferencesTable {
  user_id: string;
  new_recording_email: boolean;
  updated_at: Timestamp;
}

export interface ZapierKeysTable {
  account_id: string;
  key_hash: string;
  key_prefix: string;
  created_by: string | null;
  created_at: Timestamp;
}

export interface ZapierSubscriptionsTable {
  id: Generated<string>;
  account_id: string;
  event: string;
  target_url: string;
  created_at: Timestamp;
}

export interface AlertDeliveriesTable {
  id: Generated<string>;
  event_id: string;
  account_id: string;
  channel: string;
  target: string;
  status: Generated<'pending' | 'sending' | 'succeeded' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: NullableTimestamp;
  last_attempt_at: NullableTimestamp;
  last_status: number | null;
  last_excerpt: string | null;
  duration_ms: number | null;
  payload: string | null;
  created_at: Timestamp;
}

export interface IntegrationOauthStatesTable {
  state_hash: string;
  /** A provider's id (integrations/providers.ts). */
  provider: string;
  user_id: string;
  account_id: string;
  expires_at: Timestamp;
}

/** The kit's connection store (integrations/kit/connections.ts): a provider's OAuth tokens for an account. */
export interface IntegrationConnectionsTable {
  account_id: string;
  provider: string;
  access_token_encrypted: string;
  refresh_token_encrypted: string | null;
  access_token_expires_at: NullableTimestamp;
  error: string | null;
  connected_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ZendeskConnectionsTable {
  account_id: string;
  subdomain: string;
  access_token_encrypted: string;
  refresh_token_encrypted: string | null;
  access_token_expires_at: NullableTimestamp;
  note_tags: Generated<string>;
  error: string | null;
  connected_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type Helpdesk = 'zendesk' | 'freshdesk' | 'intercom';

export type IntercomRegion = 'us' | 'eu' | 'au';

export interface IntercomConnectionsTable {
  account_id: string;
  workspace_id: string;
  workspace_name: string;
  region: IntercomRegion;
  admin_id: string;
  admin_name: string;
  admin_email: string;
  access_token_encrypted: string;
  error: string | null;
  connected_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FreshdeskConnectionsTable {
  account_id: string;
  domain: string;
  api_key_encrypted: string;
  agent_name: string;
  agent_email: string;
  error: string | null;
  connected_by: string | null;
  app_token_hash: string | null;
  app_token_user_id: string | null;
  app_token_issued_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HelpdeskTicketRequestsTable {
  request_id: string;
  account_id: string;
  helpdesk: Helpdesk;
  /** The Zendesk subdomain, the Freshdesk domain or the Intercom workspace id. */
  site: string;
  ticket_id: string;
  requester_email: string | null;
  requester_name: string | null;
  created_by: string | null;
  created_at: Timestamp;
  opened_at: NullableTimestamp;
}

export interface ZendeskAppSessionsTable {
  id: Generated<string>;
  account_id: string;
  user_id: string;
  subdomain: string;
  challenge: string | null;
  exchange_by: Timestamp;
  token_hash: string | null;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

export interface HelpdeskNotesTable {
  id: Generated<string>;
  account_id: string;
  submission_id: string;
  ticket_id: string;
  delivery_id: string;
  note_id: string | null;
  summary_updated_at: NullableTimestamp;
  ref: string;
  posted_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface LinearConnectionsTable {
  account_id: string;
  organization_id: string;
  organization_name: string;
  team_id: string | null;
  team_key: string | null;
  team_name: string | null;
  access_token_encrypted: string;
  refresh_token_encrypted: string | null;
  access_token_expires_at: NullableTimestamp;
  error: string | null;
  connected_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LinearIssuesTable {
  submission_id: string;
  account_id: string;
  organization_id: string;
  issue_id: string;
  identifier: string;
  title: string;
  url: string;
  state_name: string;
  state_type: string;
  attachment_id: string | null;
  escalations: Generated<number>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GitHubConnectionsTable {
  account_id: string;
  github_user_id: number;
  login: string;
  repository_id: number | null;
  repository_full_name: string | null;
  repository_private: boolean | null;
  webhook_id: number | null;
  access_token_encrypted: string;
  error: string | null;
  connected_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JiraConnectionsTable {
  account_id: string;
  cloud_id: string;
  site_name: string;
  site_url: string;
  project_id: string | null;
  project_key: string | null;
  project_name: string | null;
  issue_type_id: string | null;
  issue_type_name: string | null;
  webhook_id: string | null;
  webhook_expires_at: NullableTimestamp;
  access_token_encrypted: string;
  refresh_token_encrypted: string | null;
  access_token_expires_at: NullableTimestamp;
  error: string | null;
  connected_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GitHubIssuesTable {
  submission_id: string;
  account_id: string;
  repository_id: number;
  repository_full_name: string;
  issue_number: number;
  title: string;
  url: string;
  state: 'open' | 'closed';
  state_reason: string | null;
  escalations: Generated<number>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JiraIssuesTable {
  submission_id: string;
  account_id: string;
  cloud_id: string;
  issue_id: string;
  issue_key: string;
  title: string;
  url: string;
  status_name: string;
  status_category: string;
  escalations: Generated<number>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GitHubWebhookDeliveriesTable {
  delivery_id: string;
  received_at: Timestamp;
}

export interface LinearWebhookDeliveriesTable {
  delivery_id: string;
  received_at: Timestamp;
}

export interface SlackIntegrationsTable {
  account_id: string;
  team_id: string;
  team_name: string;
  bot_token_encrypted: string;
  default_channel_id: string | null;
  default_channel_name: string | null;
  enabled: Generated<boolean>;
  error: string | null;
  error_code: string | null;
  connected_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface TeamsIntegrationsTable {
  account_id: string;
  access_token_encrypted: string | null;
  refresh_token_encrypted: string | null;
  access_token_expires_at: NullableTimestamp;
  team_id: string | null;
  team_name: string | null;
  channel_id: string | null;
  channel_name: string | null;
  webhook_url_encrypted: string | null;
  enabled: Generated<boolean>;
  error: string | null;
  connected_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface InvitationsTable {
  id: Generated<string>;
  account_id: string;
  email: string;
  role: 'admin' | 'member';
  token_hash: string;
  invited_by: string | null;
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  accepted_user_id: string | null;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

/** An account's branded subdomain (modules/subdomains); unique on lower(name). */
export interface AccountSubdomainsTable {
  account_id: string;
  name: string;
  activated_at: NullableTimestamp;
  created_at: Timestamp;
}

/** How an account looks to recipients (modules/branding); one row per account, made on the first change. */
export interface AccountBrandingTable {
  account_id: string;
  business_name: string | null;
  brand_color: string | null;
  logo_key: string | null;
  logo_width: number | null;
  logo_height: number | null;
  hide_powered_by: Generated<boolean>;
  updated_at: Timestamp;
}

/** A personal access token (modules/access-tokens); the token itself is never stored, only its SHA-256. */
export interface AccessTokensTable {
  id: Generated<string>;
  account_id: string;
  user_id: string;
  name: string;
  scope: 'read' | 'write';
  token_hash: string;
  prefix: string;
  expires_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A stored frame of a recording's video at `at_ms` (mcp/recording-frame.ts); deleted with the recording's files. */
export interface SubmissionFramesTable {
  submission_id: string;
  at_ms: number;
  key: string;
  created_at: Timestamp;
}

/** An account's sharing settings (modules/share-links); no row: the defaults of share-links/sharing-settings.ts. */
export interface AccountSharingTable {
  account_id: string;
  mode: 'off' | 'verified' | 'on';
  domains: Json<string[]>;
  outside_links: 'domain' | 'issue';
  updated_at: Timestamp;
}

/** A recording shown without an account (modules/share-links): the token's SHA-256 only. */
export interface ShareLinksTable {
  id: Generated<string>;
  account_id: string;
  submission_id: string;
  token_hash: string;
  audience: 'anyone' | 'domain' | 'people';
  emails: Json<string[]>;
  allow_comments: Generated<boolean>;
  purpose: Generated<'manual' | 'outside'>;
  outside_key: string | null;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** A one-time code emailed to a share link's viewer: its SHA-256, single use. */
export interface ShareLinkCodesTable {
  id: Generated<string>;
  share_link_id: string;
  email: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A verified viewer's session of one share link: its cookie's SHA-256. */
export interface ShareLinkSessionsTable {
  token_hash: string;
  share_link_id: string;
  email: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface ShareLinkViewsTable {
  id: Generated<string>;
  share_link_id: string;
  email: string | null;
  viewed_at: Timestamp;
}

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  identities: IdentitiesTable;
  password_resets: PasswordResetsTable;
  rate_limits: RateLimitsTable;
  support_requests: SupportRequestsTable;
  support_replies: SupportRepliesTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  admin_audit_log: AdminAuditLogTable;
  access_tokens: AccessTokensTable;
  submission_frames: SubmissionFramesTable;
  account_sharing: AccountSharingTable;
  share_links: ShareLinksTable;
  share_link_codes: ShareLinkCodesTable;
  share_link_sessions: ShareLinkSessionsTable;
  share_link_views: ShareLinkViewsTable;
  admin_daily_counts: AdminDailyCountsTable;
  recording_requests: RecordingRequestsTable;
  revoked_request_tokens: RevokedRequestTokensTable;
  uploads: UploadsTable;
  submissions: SubmissionsTable;
  submission_comments: SubmissionCommentsTable;
  submission_comment_mentions: SubmissionCommentMentionsTable;
  submission_comment_reads: SubmissionCommentReadsTable;
  submission_review_log: SubmissionReviewLogTable;
  account_submission_counts: AccountSubmissionCountsTable;
  request_submission_counts: RequestSubmissionCountsTable;
  account_billing: AccountBillingTable;
  account_branding: AccountBrandingTable;
  account_subdomains: AccountSubdomainsTable;
  checkout_sessions: CheckoutSessionsTable;
  stripe_events: StripeEventsTable;
  usage_retired: UsageRetiredTable;
  held_submissions: HeldSubmissionsTable;
  retention_warnings: RetentionWarningsTable;
  widget_settings: WidgetSettingsTable;
  widget_origins: WidgetOriginsTable;
  widget_sessions: WidgetSessionsTable;
  submission_events: SubmissionEventsTable;
  submission_context: SubmissionContextTable;
  transcripts: TranscriptsTable;
  summaries: SummariesTable;
  invitations: InvitationsTable;
  alert_events: AlertEventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_preferences: AlertPreferencesTable;
  zapier_keys: ZapierKeysTable;
  zapier_subscriptions: ZapierSubscriptionsTable;
  integration_oauth_states: IntegrationOauthStatesTable;
  integration_connections: IntegrationConnectionsTable;
  slack_integrations: SlackIntegrationsTable;
  teams_integrations: TeamsIntegrationsTable;
  zendesk_connections: ZendeskConnectionsTable;
  freshdesk_connections: FreshdeskConnectionsTable;
  intercom_connections: IntercomConnectionsTable;
  helpdesk_ticket_requests: HelpdeskTicketRequestsTable;
  helpdesk_notes: HelpdeskNotesTable;
  zendesk_app_sessions: ZendeskAppSessionsTable;
  github_connections: GitHubConnectionsTable;
  github_issues: GitHubIssuesTable;
  github_webhook_deliveries: GitHubWebhookDeliveriesTable;
  linear_connections: LinearConnectionsTable;
  linear_issues: LinearIssuesTable;
  linear_webhook_deliveries: LinearWebhookDeliveriesTable;
  jira_connections: JiraConnectionsTable;
  jira_issues: JiraIssuesTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SupportRequestRow = Selectable<SupportRequestsTable>;
export type NewSupportRequest = Insertable<SupportRequestsTable>;
export type RecordingRequestRow = Selectable<RecordingRequestsTable>;
export type SubmissionRow = Selectable<SubmissionsTable>;
export type UploadRow = Selectable<UploadsTable>;
export type AccountBillingRow = Selectable<AccountBillingTable>;
export type AccountBillingUpdate = Updateable<AccountBillingTable>;
export type HeldSubmissionRow = Selectable<HeldSubmissionsTable>;
