import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The host app's own id for the customer (identify({ id })), shown with the sender wherever a recording names it.
  await db.schema.alterTable('submissions').addColumn('recipient_user_id', 'text').execute();
  // Widget recordings sent before this column: their identity is in the host-page context stored with them.
  await sql`
    update submissions s
       set recipient_user_id = nullif(btrim(c.identity->>'id'), ''),
           recipient_name = coalesce(s.recipient_name, nullif(btrim(c.identity->>'name'), ''))
      from submission_context c
     where c.submission_id = s.id and c.identity is not null and s.recipient_user_id is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').dropColumn('recipient_user_id').execute();
}
