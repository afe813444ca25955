import type { DatabaseHandle } from '../../db/database.ts';

/** Migration 20261126_0300's triggers NOTIFY here: `u:<user id>` or `a:<account id>`. */
export const SIGNED_IN_CHANNEL = 'showback_signed_in_changed';
/** The tables whose rows the cached reads copy: the same as those triggers watch, for this process's own writes. */
export const SIGNED_IN_TABLES = ['sessions', 'users', 'accounts', 'account_billing', 'submissions', 'usage_retired', 'held_submissions'] as const;

/** However a change reaches the cache, no copy is older than this (the bound should a notification ever be missed). */
const MAX_AGE_MS = 10_000;
const MAX_ENTRIES = 20_000;

/** What may be cached: a session's row (`session`) or GET /users/me's (`profile`); both carry the session's end. */
type CachedKind = 'session' | 'profile';
interface CachedRow {
  id: string;
  account_id: string;
  expires_at: Date | string;
}
interface Entry {
  row: CachedRow;
  /** The profile's usage period: a row of another period is not used. */
  period: number;
  storedAt: number;
}

/**
 * What each signed-in request reads, by session token hash, kept in this process for at most MAX_AGE_MS so a request
 * needs no database round trip. Never stale past a commit by more than the time a notification takes:
 * - another process's (or job's) change reaches every process through the triggers' NOTIFY, at its commit;
 * - this process's own write drops everything as soon as it has run (DatabaseHandle.watchWrites), before its commit;
 * - a read that raced with either (began before it, ended after) is not kept;
 * - while the LISTEN connection is down nothing is cached, as notifications may be missed.
 * So signing out, a password change, removing a member or disabling a user refuse the session at once here and
 * within milliseconds elsewhere. The database stays the only source: losing this cache loses nothing.
 */
export class SignedInCache {
  private readonly entries = new Map<string, Entry>();
  /** Moves on every change heard of; a read that began under another generation keeps nothing. */
  private generation = 0;
  private listening = false;
  private stopListening: (() => Promise<void>) | undefined;
  private stopWatching: (() => void) | undefined;

  async start(database: DatabaseHandle): Promise<void> {
    this.stopWatching = database.watchWrites(SIGNED_IN_TABLES, () => this.forgetAll());
    this.stopListening = await database.listen(
      SIGNED_IN_CHANNEL,
      (payload) => {
        if (payload === undefined) {
          this.forgetAll();
          this.listening = true;
        } else this.forget(payload);
      },
      () => {
        this.listening = false;
        this.forgetAll();
      },
    );
    this.listening = true;
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.stopWatching?.();
    await this.stopListening?.();
    this.entries.clear();
  }

  /**
   * The cached row of `kind` for the session `tokenHash`, else `load()`'s (kept when no change was heard meanwhile).
   * `period` tells rows of different usage periods apart; a row whose session has ended is never answered.
   */
  async read<R extends CachedRow>(kind: CachedKind, tokenHash: string, period: number, now: Date, load: () => Promise<R | undefined>): Promise<R | undefined> {
    const key = `${kind}:${tokenHash}`;
    const entry = this.entries.get(key);
    if (entry && entry.period === period && now.getTime() - entry.storedAt < MAX_AGE_MS && new Date(entry.row.expires_at) > now) return entry.row as R;
    const generation = this.generation;
    const row = await load();
    if (this.listening && generation === this.generation) {
      if (row) this.store(key, { row, period, storedAt: now.getTime() });
      else this.entries.delete(key);
    }
    return row;
  }

  private store(key: string, entry: Entry): void {
    this.entries.delete(key);
    // Oldest first: a Map iterates in insertion order.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
  }

  private forget(payload: string): void {
    this.generation++;
    const [scope, id] = [payload.slice(0, 1), payload.slice(2)];
    for (const [key, { row }] of this.entries) {
      // A user's change (session, role, disabling) ends both kinds; an account's only touches the profile.
      if (scope === 'u' ? row.id === id : row.account_id === id && key.startsWith('profile:')) this.entries.delete(key);
    }
  }

  private forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }
}
