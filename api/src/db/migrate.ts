import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

// A static list, not FileMigrationProvider: the file provider cannot load .ts files under vitest or from the bundle.
export async function migrateToLatest(db: Db, list: Record<string, Migration> = migrations): Promise<string[]> {
  if (await upToDate(db, Object.keys(list))) return [];
  const provider: MigrationProvider = { getMigrations: async () => list };
  // Each part of the product numbers its migrations in its own range, so a new migration can sort before one a
  // database already has; they are independent of each other, and each is applied once whatever its position.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * True when the database has applied exactly these migrations. Most starts find that, and the Migrator would only
 * confirm it at a cost: it looks for its two tables by introspecting every column of every table, which on PGlite
 * with a cold cache takes ~0.5 s. Any difference (missing or unknown migrations) goes to the Migrator, which
 * applies or refuses as before.
 */
async function upToDate(db: Db, names: string[]): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!rows[0]?.present) return false;
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const wanted = new Set(names);
  return applied.rows.length === wanted.size && applied.rows.every((row) => wanted.has(row.name));
}

/** Migrations of this build the database has not applied (all of them on an empty database). */
export async function pendingMigrations(db: Db, list: Record<string, Migration> = migrations): Promise<string[]> {
  const { rows } = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!rows[0]?.present) return Object.keys(list);
  const applied = new Set((await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((row) => row.name));
  return Object.keys(list).filter((name) => !applied.has(name));
}
