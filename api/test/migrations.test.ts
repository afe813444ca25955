import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createPostgresDatabase } from './support/test-app.ts';
import { openDatabase } from '../src/db/database.ts';

describe('migrations', () => {
  it('applies a migration that sorts before ones the database already has', async () => {
    const names = Object.keys(migrations).sort();
    const late = names.find((name) => name.includes('_0013_')) ?? names[1]!;
    expect(names.indexOf(late)).toBeLessThan(names.length - 1);
    const without = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== late));

    const { handle, drop } = await freshHandle();
    try {
      expect(await migrateToLatest(handle.db, without)).toEqual(names.filter((name) => name !== late));
      expect(await migrateToLatest(handle.db)).toEqual([late]);
      expect(await migrateToLatest(handle.db)).toEqual([]);
    } finally {
      await handle.close();
      await drop();
    }
  });
});

async function freshHandle() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const { url, drop } = await createPostgresDatabase(adminUrl);
    return { handle: await openDatabase({ databaseUrl: url, dataDir: os.tmpdir() }), drop };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  return { handle: await openDatabase({ dataDir: os.tmpdir(), pglite: await PGlite.create() }), drop: async () => {} };
}
