import type { Migration } from 'kysely';
import * as m20261122_0001_accounts_users from './20261122_0001_accounts_users.ts';
import * as m20261122_0010_sessions from './20261122_0010_sessions.ts';
import * as m20261122_0011_password_resets from './20261122_0011_password_resets.ts';
import * as m20261122_0012_rate_limits from './20261122_0012_rate_limits.ts';
import * as m20261122_0013_identities from './20261122_0013_identities.ts';
import * as m20261122_0020_recording from './20261122_0020_recording.ts';
import * as m20261122_0030_widget from './20261122_0030_widget.ts';
import * as m20261122_0040_support_requests from './20261122_0040_support_requests.ts';
import * as m20261122_0050_billing from './20261122_0050_billing.ts';
import * as m20261124_0150_transcripts from './20261124_0150_transcripts.ts';
import * as m20261124_0151_summaries from './20261124_0151_summaries.ts';
import * as m20261124_0152_transcripts_backfill from './20261124_0152_transcripts_backfill.ts';
import * as m20261124_0130_alerts from './20261124_0130_alerts.ts';
import * as m20261124_0131_alert_preferences from './20261124_0131_alert_preferences.ts';
import * as m20261124_0132_zapier from './20261124_0132_zapier.ts';
import * as m20261124_0170_team_chat from './20261124_0170_team_chat.ts';
import * as m20261124_0180_team from './20261124_0180_team.ts';
import * as m20261124_0190_support_chat from './20261124_0190_support_chat.ts';
import * as m20261124_0191_admin_lists from './20261124_0191_admin_lists.ts';
import * as m20261124_0192_user_disabled from './20261124_0192_user_disabled.ts';
import * as m20261125_0200_enterprise_limits from './20261125_0200_enterprise_limits.ts';
import * as m20261125_0201_support_customer_replies from './20261125_0201_support_customer_replies.ts';
import * as m20261125_0210_admin_operation_lists from './20261125_0210_admin_operation_lists.ts';
import * as m20261125_0211_admin_submissions_by_size from './20261125_0211_admin_submissions_by_size.ts';
import * as m20261125_0220_admin_lists_at_scale from './20261125_0220_admin_lists_at_scale.ts';
import * as m20261125_0221_admin_operation_search from './20261125_0221_admin_operation_search.ts';
import * as m20261125_0222_chat_waiting from './20261125_0222_chat_waiting.ts';
import * as m20261125_0240_submission_counts from './20261125_0240_submission_counts.ts';
import * as m20261125_0250_account_branding from './20261125_0250_account_branding.ts';
import * as m20261125_0260_account_subdomains from './20261125_0260_account_subdomains.ts';
import * as m20261126_0300_signed_in_changes from './20261126_0300_signed_in_changes.ts';
import * as m20261126_0310_submission_list_versions from './20261126_0310_submission_list_versions.ts';
import * as m20261126_0330_zendesk from './20261126_0330_zendesk.ts';
import * as m20261126_0331_zendesk_note_tags from './20261126_0331_zendesk_note_tags.ts';
import * as m20261126_0340_submission_sender_user_id from './20261126_0340_submission_sender_user_id.ts';
import * as m20261126_0345_zendesk_app_sessions from './20261126_0345_zendesk_app_sessions.ts';
import * as m20261126_1230_user_locale from './20261126_1230_user_locale.ts';
import * as m20261126_1330_summary_transcript_version from './20261126_1330_summary_transcript_version.ts';
import * as m20261126_1400_linear from './20261126_1400_linear.ts';
import * as m20261126_1410_freshdesk from './20261126_1410_freshdesk.ts';
import * as m20261126_1800_github from './20261126_1800_github.ts';
import * as m20261126_1810_intercom from './20261126_1810_intercom.ts';
import * as m20261126_1820_jira from './20261126_1820_jira.ts';
import * as m20261202_0100_access_tokens from './20261202_0100_access_tokens.ts';
import * as m20261202_0400_languages from './20261202_0400_languages.ts';
import * as m20261202_0500_integration_connections from './20261202_0500_integration_connections.ts';
import * as m20261202_0600_share_links from './20261202_0600_share_links.ts';
import * as m20261202_0700_comments_and_states from './20261202_0700_comments_and_states.ts';
import * as m20261202_0800_user_actions from './20261202_0800_user_actions.ts';
import * as m20261202_0900_metadata_search from './20261202_0900_metadata_search.ts';

/** Applied in key order. Append new migrations; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '20261122_0001_accounts_users': m20261122_0001_accounts_users,
  '20261122_0010_sessions': m20261122_0010_sessions,
  '20261122_0011_password_resets': m20261122_0011_password_resets,
  '20261122_0012_rate_limits': m20261122_0012_rate_limits,
  '20261122_0013_identities': m20261122_0013_identities,
  '20261122_0020_recording': m20261122_0020_recording,
  '20261122_0030_widget': m20261122_0030_widget,
  '20261122_0040_support_requests': m20261122_0040_support_requests,
  '20261122_0050_billing': m20261122_0050_billing,
  '20261124_0130_alerts': m20261124_0130_alerts,
  '20261124_0131_alert_preferences': m20261124_0131_alert_preferences,
  '20261124_0132_zapier': m20261124_0132_zapier,
  '20261124_0150_transcripts': m20261124_0150_transcripts,
  '20261124_0151_summaries': m20261124_0151_summaries,
  '20261124_0152_transcripts_backfill': m20261124_0152_transcripts_backfill,
  '20261124_0170_team_chat': m20261124_0170_team_chat,
  '20261124_0180_team': m20261124_0180_team,
  '20261124_0190_support_chat': m20261124_0190_support_chat,
  '20261124_0191_admin_lists': m20261124_0191_admin_lists,
  '20261124_0192_user_disabled': m20261124_0192_user_disabled,
  '20261125_0200_enterprise_limits': m20261125_0200_enterprise_limits,
  '20261125_0201_support_customer_replies': m20261125_0201_support_customer_replies,
  '20261125_0210_admin_operation_lists': m20261125_0210_admin_operation_lists,
  '20261125_0211_admin_submissions_by_size': m20261125_0211_admin_submissions_by_size,
  '20261125_0220_admin_lists_at_scale': m20261125_0220_admin_lists_at_scale,
  '20261125_0221_admin_operation_search': m20261125_0221_admin_operation_search,
  '20261125_0222_chat_waiting': m20261125_0222_chat_waiting,
  '20261125_0240_submission_counts': m20261125_0240_submission_counts,
  '20261125_0250_account_branding': m20261125_0250_account_branding,
  '20261125_0260_account_subdomains': m20261125_0260_account_subdomains,
  '20261126_0300_signed_in_changes': m20261126_0300_signed_in_changes,
  '20261126_0310_submission_list_versions': m20261126_0310_submission_list_versions,
  '20261126_0330_zendesk': m20261126_0330_zendesk,
  '20261126_0331_zendesk_note_tags': m20261126_0331_zendesk_note_tags,
  '20261126_0340_submission_sender_user_id': m20261126_0340_submission_sender_user_id,
  '20261126_0345_zendesk_app_sessions': m20261126_0345_zendesk_app_sessions,
  '20261126_1230_user_locale': m20261126_1230_user_locale,
  '20261126_1330_summary_transcript_version': m20261126_1330_summary_transcript_version,
  '20261126_1400_linear': m20261126_1400_linear,
  '20261126_1410_freshdesk': m20261126_1410_freshdesk,
  '20261126_1800_github': m20261126_1800_github,
  '20261126_1810_intercom': m20261126_1810_intercom,
  '20261126_1820_jira': m20261126_1820_jira,
  '20261202_0100_access_tokens': m20261202_0100_access_tokens,
  '20261202_0400_languages': m20261202_0400_languages,
  '20261202_0500_integration_connections': m20261202_0500_integration_connections,
  '20261202_0600_share_links': m20261202_0600_share_links,
  '20261202_0700_comments_and_states': m20261202_0700_comments_and_states,
  '20261202_0800_user_actions': m20261202_0800_user_actions,
  '20261202_0900_metadata_search': m20261202_0900_metadata_search,
};
