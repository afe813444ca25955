import pg from 'pg';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';

const LOCK_CLASS = 7311; // namespace of these advisory locks (first key); the second is hashtext(upload id)
const RELEASE_CHANNEL = 'tus_lock_release';

/**
 * A tus Locker shared by every API process on one Postgres: session advisory locks, each held on its own pooled
 * connection for the length of one tus request. Postgres drops the lock when a process dies (kill -9 included), so a
 * resumed upload never waits for a lease to expire. A request that finds the lock taken asks the holder to let go
 * through NOTIFY, which tus answers by ending the stale request (a client that reconnected after a network cut),
 * the cross-process equivalent of MemoryLocker's requestRelease.
 */
export class PostgresLocker implements Locker {
  readonly pool: pg.Pool;
  private listener: pg.Client | undefined;
  readonly held = new Map<string, Set<RequestRelease>>();

  constructor(private readonly databaseUrl: string, readonly acquireTimeoutMs = 30_000) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  }

  async start(): Promise<void> {
    const listener = new pg.Client({ connectionString: this.databaseUrl });
    await listener.connect();
    listener.on('notification', (message) => {
      if (message.channel !== RELEASE_CHANNEL || !message.payload) return;
      for (const release of this.held.get(message.payload) ?? []) void Promise.resolve(release()).catch(() => {});
    });
    listener.on('error', () => {});
    await listener.query(`listen ${RELEASE_CHANNEL}`);
    this.listener = listener;
  }

  newLock(id: string): Lock {
    return new PostgresLock(this, id);
  }

  async close(): Promise<void> {
    await this.listener?.end().catch(() => {});
    await this.pool.end();
  }
}

class PostgresLock implements Lock {
  private client: pg.PoolClient | undefined;
  private release: RequestRelease | undefined;

  constructor(private readonly locker: PostgresLocker, private readonly id: string) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    const client = await this.locker.pool.connect();
    try {
      for (let asked = false; ; ) {
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [LOCK_CLASS, this.id]);
        if (rows[0]?.ok) break;
        if (!asked) {
          await client.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, this.id]);
          asked = true;
        }
        if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } catch (error) {
      client.release();
      throw error;
    }
    this.client = client;
    this.release = requestRelease;
    let set = this.locker.held.get(this.id);
    if (!set) this.locker.held.set(this.id, (set = new Set()));
    set.add(requestRelease);
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('Releasing an unlocked lock!');
    this.client = undefined;
    const set = this.locker.held.get(this.id);
    if (set && this.release) {
      set.delete(this.release);
      if (set.size === 0) this.locker.held.delete(this.id);
    }
    try {
      await client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, this.id]);
      client.release();
    } catch (error) {
      // A broken connection loses its locks anyway; never hand it back to the pool.
      client.release(error as Error);
    }
  }
}
