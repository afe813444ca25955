import path from 'node:path';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { createPglite } from './create-pglite.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

const INT8_OID = 20;
const NUMERIC_OID = 1700;

// int8 (count(*), sums) arrives as a string from pg and as a bigint from PGlite; both become numbers here so
// callers see one type. Counts in this product never approach 2^53.
pg.types.setTypeParser(INT8_OID, (value: string) => Number(value));
pg.types.setTypeParser(NUMERIC_OID, (value: string) => Number(value));
const PGLITE_PARSERS = { [INT8_OID]: (v: string) => Number(v), [NUMERIC_OID]: (v: string) => Number(v) };

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Postgres only: where this handle connects, for parts that need connections of their own (the upload locker). */
  connectionString?: string;
  /** Raw SQL for libraries that bring their own queries (the job queue), serialised with Kysely's queries on PGlite. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/** Postgres at `databaseUrl`, else PGlite in `dataDir/db`, or in memory with `inMemory` (tests). */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; inMemory?: boolean }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      connectionString: options.databaseUrl,
      executeSql: async (text, values) => ({ rows: (await pool.query(text, values as unknown[])).rows }),
      close: () => db.destroy(),
    };
  }
  const client = await createPglite(options.inMemory ? undefined : path.join(options.dataDir, 'db'), { parsers: PGLITE_PARSERS });
  const dialect: Dialect = new PGliteDialect(client);
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    kind: 'pglite',
    // PGlite has one connection: going through Kysely's connection queues these behind (and never inside) an
    // open Kysely transaction.
    executeSql: (text, values) =>
      db.connection().execute(async () => {
        // pg-boss sends multi-statement scripts without parameters; only exec() (simple protocol) runs those.
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        const result = await client.query(text, values as unknown[]);
        return { rows: result.rows };
      }),
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}
