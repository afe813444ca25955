import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

// A static list, not FileMigrationProvider: the file provider cannot load .ts files under vitest or from the bundle.
export async function migrateToLatest(db: Db, list: Record<string, Migration> = migrations): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => list };
  // Each part of the product numbers its migrations in its own range, so a new migration can sort before one a
  // database already has; they are independent of each other, and each is applied once whatever its position.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
