import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { hashPassword } from '../auth/password.ts';
import * as repo from './users.repository.ts';
import { normaliseEmail } from './users.service.ts';

/** pg_advisory_xact_lock key of the first-admin check (db/startup-lock.ts holds the schema's). */
const FIRST_ADMIN_LOCK = 7311_0002;

export interface FirstAdmin {
  email: string;
  password: string;
}

/**
 * On a database without a system admin, creates one (ADMIN_EMAIL) with a random one-time password that must be
 * changed at the first sign-in. Returns the credentials to print once; undefined when nothing was created.
 * Processes starting together take turns (a transaction-level advisory lock) and each looks again inside its turn, so
 * exactly one creates the admin.
 */
export async function ensureSystemAdmin(db: Db, adminEmail: string): Promise<FirstAdmin | undefined> {
  if (await repo.anySysadmin(db)) return undefined;
  const email = normaliseEmail(adminEmail);
  const password = crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`.execute(trx);
    if (await repo.anySysadmin(trx)) return undefined;
    if (await repo.findUserByEmail(trx, email)) {
      throw new Error(`No system admin exists but ${email} is already a user; set ADMIN_EMAIL to an unused address`);
    }
    const account = await repo.insertAccount(trx, { name: 'Administration', onboarding_completed: true });
    await repo.insertUser(trx, {
      account_id: account.id,
      email,
      name: 'System admin',
      role: 'owner',
      is_sysadmin: true,
      email_verified: true,
      password_hash: passwordHash,
      must_change_password: true,
    });
    return { email, password };
  });
}

/** The credentials in a box that stands out in the start-up log. */
export function firstAdminBox(admin: FirstAdmin, publicUrl: string): string {
  const lines = [
    'System admin created (shown only this once)',
    '',
    `  sign in at  ${publicUrl}/sign-in`,
    `  email       ${admin.email}`,
    `  password    ${admin.password}`,
    '',
    'You will be asked to choose a new password.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  return ['╔' + '═'.repeat(width + 2) + '╗', ...lines.map((l) => `║ ${l.padEnd(width)} ║`), '╚' + '═'.repeat(width + 2) + '╝'].join('\n');
}
