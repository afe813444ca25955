import path from 'node:path';
import { Kysely, PostgresDialect, type CompiledQuery, type Dialect } from 'kysely';
import { WriteObserver } from './write-observer.ts';
import pg from 'pg';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { createPglite } from './create-pglite.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

const INT8_OID = 20;
const NUMERIC_OID = 1700;

// int8 (count(*), sums) arrives as a string from pg and as a bigint from PGlite; both become numbers here so
// callers see one type. Counts in this product never approach 2^53.
pg.types.setTypeParser(INT8_OID, (value: string) => Number(value));
pg.types.setTypeParser(NUMERIC_OID, (value: string) => Number(value));
// pg_trgm: the admin searches' trigram indexes (migration 0220), as on Postgres.
export const PGLITE_OPTIONS = {
  parsers: { [INT8_OID]: (v: string) => Number(v), [NUMERIC_OID]: (v: string) => Number(v) },
  extensions: { pg_trgm },
} satisfies PGliteOptions;

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Postgres only: where this handle connects, for parts that need connections of their own (the upload locker). */
  connectionString?: string;
  /** Raw SQL for libraries that bring their own queries (the job queue), serialised with Kysely's queries on PGlite. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (delivered at commit, never for a rolled-back transaction), and with
   * no payload after a lost Postgres connection comes back, since notifications sent meanwhile are gone; `onLost` as
   * soon as that connection is lost. Answers a stop function.
   */
  listen(channel: string, onNotify: (payload?: string) => void, onLost?: () => void): Promise<() => Promise<void>>;
  /**
   * Calls `onWrite` right after this process's insert, update or delete (through `db`) of one of `tables` has run, ahead
   * of its commit and of any NOTIFY. Answers a stop function.
   */
  watchWrites(tables: readonly string[], onWrite: () => void): () => void;
  /**
   * Runs a compiled query as the prepared statement `name` on Postgres: each pooled connection parses and plans it
   * once instead of on every request, which was most of the database's time for GET /users/me. One name per SQL text,
   * and explicit columns only: a prepared `select *` fails once a migration adds a column. PGlite runs it as any query.
   */
  executePrepared<R>(name: string, query: CompiledQuery<R>): Promise<R[]>;
  close(): Promise<void>;
}

const RECONNECT_DELAY_MS = 1000;

/** A connection of its own for LISTEN (a pooled one would be handed to queries), reconnecting after it is lost. */
async function listenOnPostgres(connectionString: string, channel: string, onNotify: (payload?: string) => void, onLost?: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload);
    });
    next.on('error', () => {
      if (client !== next || stopped) return;
      client = undefined;
      onLost?.();
      next.end().catch(() => {});
      timer = setTimeout(reconnect, RECONNECT_DELAY_MS);
    });
    await next.connect();
    await next.query(`listen "${channel}"`);
    client = next;
  };
  const reconnect = (): void => {
    if (stopped) return;
    connect().then(
      () => onNotify(),
      () => (timer = setTimeout(reconnect, RECONNECT_DELAY_MS)),
    );
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}

/**
 * Postgres at `databaseUrl`, else PGlite in `dataDir/db`, or in memory with `inMemory` (tests); `snapshot`, a PGlite
 * dump (dumpDataDir) to start the in-memory database from, lets tests skip the migrations every new database runs.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; inMemory?: boolean; snapshot?: Blob }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, terminated backend) carries no query; the pool replaces it and the
    // next query reports any lasting failure. Unhandled, pg rethrows it and the whole process dies.
    pool.on('error', () => {});
    const writes = new WriteObserver();
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
    return {
      db,
      kind: 'postgres',
      connectionString: options.databaseUrl,
      executeSql: async (text, values) => {
        const { rows } = await pool.query(text, values as unknown[]);
        writes.ranSql(text);
        return { rows };
      },
      executePrepared: async <R>(name: string, query: CompiledQuery<R>) => (await pool.query<R & pg.QueryResultRow>({ name, text: query.sql, values: [...query.parameters] })).rows,
      listen: (channel, onNotify, onLost) => listenOnPostgres(options.databaseUrl!, channel, onNotify, onLost),
      watchWrites: (tables, onWrite) => writes.watch(tables, onWrite),
      close: () => db.destroy(),
    };
  }
  const client = options.snapshot
    ? await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: options.snapshot })
    : await createPglite(options.inMemory ? undefined : path.join(options.dataDir, 'db'), PGLITE_OPTIONS);
  return pgliteHandle(client);
}

/** A DatabaseHandle on an open PGlite (tests keep the client to dump a prepared database). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const dialect: Dialect = new PGliteDialect(client);
  const writes = new WriteObserver();
  const db = new Kysely<Database>({ dialect, plugins: [writes] });
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
          writes.ranSql(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        const result = await client.query(text, values as unknown[]);
        writes.ranSql(text);
        return { rows: result.rows };
      }),
    executePrepared: async (_name, query) => (await db.executeQuery(query)).rows,
    // PGlite delivers NOTIFY within its one process, at commit like Postgres.
    listen: async (channel, onNotify) => {
      const unlisten = await db.connection().execute(() => client.listen(channel, (payload) => onNotify(payload)));
      return () => (client.closed ? Promise.resolve() : db.connection().execute(() => unlisten()));
    },
    watchWrites: (tables, onWrite) => writes.watch(tables, onWrite),
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}
