import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { freshDatabase } from './support/test-app.ts';

describe('migrations', () => {
  it('applies a migration that sorts before ones the database already has', async () => {
    const names = Object.keys(migrations).sort();
    const late = names.find((name) => name.includes('_0013_')) ?? names[1]!;
    expect(names.indexOf(late)).toBeLessThan(names.length - 1);
    const without = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== late));

    const { handle, drop } = await freshDatabase(os.tmpdir(), { empty: true });
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
