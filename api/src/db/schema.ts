import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Row types of every table. Each module adds its tables here next to its migration. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | T, string | T>;

export interface AccountsTable {
  id: Generated<string>;
  name: string;
  onboarding_completed: Generated<boolean>;
  plan: Generated<string>;
  billing_interval: Generated<string>;
  trial_ends_at: Date | null;
  details: Generated<Json<Record<string, unknown>>>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface UsersTable {
  id: Generated<string>;
  account_id: string;
  email: string;
  name: string;
  role: 'owner' | 'admin' | 'member';
  is_sysadmin: Generated<boolean>;
  password_hash: string | null;
  email_verified: Generated<boolean>;
  attribution: Json<Record<string, string>> | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
