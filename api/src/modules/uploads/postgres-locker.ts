import pg from 'pg';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';

const LOCK_CLASS = 7311; // namespace of these advisory locks (first key); the second is hashtext(upload id)
const RELEASE_CHANNEL = 'tus_lock_release';
const POLL_MS = 50;

export interface PostgresLockerOptions {
  connectionString: string;
  /** How long a request waits for a lock (and for a free lock connection) before tus answers with an error. */
  acquireTimeoutMs?: number;
  /** Upper bound of uploads this process writes at once: each holds one connection while its PATCH runs. */
  maxConnections?: number;
}

/**
 * A tus Locker shared by every API process on one Postgres.
 *
 * Why session advisory locks, each on its own pooled connection held for the length of one tus request, rather than
 * a lock table with leases: Postgres ties a session lock to its connection, so the lock ends exactly when its holder
 * does. A process killed with SIGKILL, a crashed host or a dropped database connection closes the socket and the
 * server drops the lock at once, so a client resuming after a restart never waits out a lease, and no lease can expire
 * under a slow but live writer (which would let two processes append to one file). The cost is one connection per
 * upload being written at this moment, bounded by `maxConnections`. Transaction-scoped locks (pg_advisory_xact_lock)
 * would pin a transaction open for minutes instead; a lock table would need heartbeats and still guess at expiry.
 *
 * Release on every path: tus calls unlock() in a `finally` after the body ends or fails, including when the client
 * disconnects abruptly (the request errors, tus aborts the write). unlock() hands the connection back only when the
 * unlock query worked; otherwise it destroys the connection, which drops its locks server-side. If the lock's
 * connection dies while held, the lock is already gone, so the request writing under it is told to stop.
 *
 * A request that finds the lock taken asks the holder to let go through NOTIFY, which tus answers by ending the stale
 * request (a client that reconnected after a network cut whose old request is still open): the cross-process
 * equivalent of MemoryLocker's requestRelease. The second writer then sees the new offset (409 on a stale one), so
 * two PATCHes never interleave.
 */
export class PostgresLocker implements Locker {
  readonly pool: pg.Pool;
  readonly acquireTimeoutMs: number;
  private listener: pg.Client | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  readonly held = new Map<string, Set<RequestRelease>>();

  constructor(private readonly options: PostgresLockerOptions) {
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 20,
      connectionTimeoutMillis: this.acquireTimeoutMs,
      application_name: 'showback-upload-locks',
    });
    // An idle pooled connection that breaks holds no lock; the pool replaces it.
    this.pool.on('error', () => {});
  }

  async start(): Promise<void> {
    const listener = new pg.Client({ connectionString: this.options.connectionString, application_name: 'showback-upload-locks' });
    listener.on('notification', (message) => {
      if (message.channel !== RELEASE_CHANNEL || !message.payload) return;
      for (const release of this.held.get(message.payload) ?? []) void Promise.resolve(release()).catch(() => {});
    });
    // Without the listener this process would not hear release requests (others then wait out their timeout):
    // reconnect, never crash the process over it.
    const lost = (): void => {
      if (this.listener !== listener || this.closed) return;
      this.listener = undefined;
      this.reconnectTimer = setTimeout(() => void this.start().catch(lost), 1000);
      this.reconnectTimer.unref();
    };
    listener.on('error', lost);
    listener.on('end', lost);
    await listener.connect();
    await listener.query(`listen ${RELEASE_CHANNEL}`);
    this.listener = listener;
  }

  newLock(id: string): Lock {
    return new PostgresLock(this, id);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
    await this.pool.end();
  }
}

class PostgresLock implements Lock {
  private client: pg.PoolClient | undefined;
  private release: RequestRelease | undefined;
  private broken: Error | undefined;
  private readonly onClientError = (error: Error): void => {
    this.broken = error;
    // The connection, and with it the lock, is gone: the request writing under it must stop now.
    if (this.release) void Promise.resolve(this.release()).catch(() => {});
  };

  constructor(private readonly locker: PostgresLocker, private readonly id: string) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    let client: pg.PoolClient;
    try {
      client = await this.locker.pool.connect();
    } catch {
      throw ERRORS.ERR_LOCK_TIMEOUT;
    }
    try {
      for (let asked = false; ; ) {
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [LOCK_CLASS, this.id]);
        if (rows[0]?.ok) break;
        if (!asked) {
          await client.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, this.id]);
          asked = true;
        }
        if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch (error) {
      // Not locked (or the query failed): a connection in an unknown state is destroyed rather than pooled.
      client.release(error === ERRORS.ERR_LOCK_TIMEOUT ? undefined : (error as Error));
      throw error;
    }
    this.client = client;
    this.release = requestRelease;
    client.on('error', this.onClientError);
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
    this.release = undefined;
    client.off('error', this.onClientError);
    if (this.broken) {
      client.release(this.broken);
      return;
    }
    try {
      const { rows } = await client.query<{ ok: boolean }>('select pg_advisory_unlock($1, hashtext($2)) as ok', [LOCK_CLASS, this.id]);
      // false would mean this session did not hold it: never pool a connection whose lock state we cannot vouch for.
      client.release(rows[0]?.ok ? undefined : new Error(`advisory lock for upload ${this.id} was not held`));
    } catch (error) {
      client.release(error as Error);
    }
  }
}
