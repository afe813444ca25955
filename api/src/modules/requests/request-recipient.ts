import type { Db } from '../../db/database.ts';

/** Whom a request's link was made for, as the integration that made it knows them; the recorder fills them in. */
export interface RequestRecipient {
  name: string | null;
  email: string | null;
}

/**
 * Asked when the customer opens a request's link: the integration that made the request for someone (a helpdesk's
 * ticket) answers whom, and may note that the link was opened; undefined when none did. buildApp supplies it, so the
 * requests module does not depend on the integrations that bind requests to their records.
 */
export type FindRequestRecipient = (db: Db, requestId: string) => Promise<RequestRecipient | undefined>;
