import type { Migration } from 'kysely';
import * as m20261122_0001_accounts_users from './20261122_0001_accounts_users.ts';

/** Applied in key order. Append new migrations; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '20261122_0001_accounts_users': m20261122_0001_accounts_users,
};
