import type { HelpdeskSyncEntry } from '@showback/contract';
import { listDeliveries } from '../../alerts/alert-deliveries.repository.ts';
import type { AppContext } from '../../context.ts';
import type { Helpdesk } from '../../db/schema.ts';
import { toDelivery } from '../../alerts/delivery-log.ts';

/** The sync log shows the newest notes, like an endpoint's delivery log. */
const LOG_LIMIT = 50;

/** The notes written back to a helpdesk, newest first, each attempt's outcome with it: the connection's sync log. */
export async function helpdeskSyncLog(ctx: AppContext, accountId: string, helpdesk: Helpdesk): Promise<HelpdeskSyncEntry[]> {
  return (await listDeliveries(ctx.db, accountId, helpdesk, undefined, LOG_LIMIT)).map((row) => ({ ...toDelivery(row), ticket_id: row.target }));
}
