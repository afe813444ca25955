import type { DatabaseHandle } from '../db/database.ts';

/*
 * Every statement of the app that reads or writes pg-boss's own tables, rather than going through its API. Each
 * covers something pg-boss 10 has no API for; they rely on its schema (`pgboss.job`'s columns, the `job_state` enum's
 * order created < retry < active < completed…, internal queues named `__pgboss__…`). api/test/pgboss-internals.test.ts
 * fails when the installed pg-boss is not the version below, or its migrated schema lacks what these use: on an
 * upgrade, check each statement against the new schema (pg-boss 11 has heartbeats, which would replace the first three).
 */

/** The pg-boss release these statements were written against (its package.json version, its schema version). */
export const PGBOSS_WRITTEN_AGAINST = { version: '10.4.2', schema: 24 };

type Jobs = readonly { name: string; id: string }[];
const names = (jobs: Jobs): string[] => jobs.map((job) => job.name);
const ids = (jobs: Jobs): string[] => jobs.map((job) => job.id);

/**
 * A heartbeat: pg-boss 10 only expires an active job at its expireInSeconds (hours, for a transcription), so a worker
 * moves `started_on` of the jobs it runs and a job whose `started_on` stopped moving belongs to a dead worker.
 */
export async function refreshStartedOn(database: DatabaseHandle, jobs: Jobs): Promise<void> {
  await database.executeSql(
    `update pgboss.job set started_on = now()
      where (name, id) in (select * from unnest($1::text[], $2::uuid[])) and state = 'active'`,
    [names(jobs), ids(jobs)],
  );
}

/**
 * Active jobs nobody refreshed for livenessSeconds go back to the queue as their next attempt at once (no backoff: the
 * job did not fail), or fail when that was their last; pg-boss 10 would leave them active until their expiry. The
 * state test in the UPDATE makes two processes sweeping at once move a job once.
 */
export async function returnAbandoned(database: DatabaseHandle, livenessSeconds: number): Promise<{ name: string; id: string; state: string; data: unknown }[]> {
  const { rows } = await database.executeSql(
    `update pgboss.job set
        state = case when retry_count < retry_limit then 'retry'::pgboss.job_state else 'failed'::pgboss.job_state end,
        completed_on = case when retry_count < retry_limit then null else now() end,
        start_after = now(),
        output = jsonb_build_object('message', 'The worker running this job stopped responding.')
      where state = 'active' and started_on < now() - make_interval(secs => $1)
      returning name, id, state::text as state, data`,
    [livenessSeconds],
  );
  return rows as { name: string; id: string; state: string; data: unknown }[];
}

/**
 * Returns active jobs to the queue as if never started (the attempt does not count), so another worker takes them at
 * once; pg-boss 10's stop can only fail them (failWip) or wait. Only while active: a run that finished stays finished.
 */
export async function returnAsUnstarted(database: DatabaseHandle, jobs: Jobs): Promise<void> {
  await database.executeSql(
    `update pgboss.job set state = 'created', started_on = null, start_after = now()
      where (name, id) in (select * from unnest($1::text[], $2::uuid[])) and state = 'active'`,
    [names(jobs), ids(jobs)],
  );
}

/**
 * The app's jobs waiting, running and stuck (not refreshed for livenessSeconds), for /readyz. pg-boss 10's
 * getQueueSize counts one queue and one state boundary at a time, and knows nothing of stuck jobs.
 */
export async function countJobs(database: DatabaseHandle, livenessSeconds: number): Promise<{ waiting: number; active: number; stuck: number }> {
  const { rows } = await database.executeSql(
    `select count(*) filter (where state < 'active')::int as waiting, count(*) filter (where state = 'active')::int as active,
        count(*) filter (where state = 'active' and started_on < now() - make_interval(secs => $1))::int as stuck
      from pgboss.job where state <= 'active' and name not like '\\_\\_%'`,
    [livenessSeconds],
  );
  return rows[0] as { waiting: number; active: number; stuck: number };
}

/** The same per queue of the app (pg-boss's own `__pgboss__…` queues left out), with the oldest waiting job's age, for Prometheus. */
export async function countJobsByQueue(
  database: DatabaseHandle,
  livenessSeconds: number,
): Promise<{ name: string; created: number; retry: number; active: number; stuck: number; oldest: number }[]> {
  const { rows } = await database.executeSql(
    `select q.name,
        count(j.id) filter (where j.state = 'created')::int as created,
        count(j.id) filter (where j.state = 'retry')::int as retry,
        count(j.id) filter (where j.state = 'active')::int as active,
        count(j.id) filter (where j.state = 'active' and j.started_on < now() - make_interval(secs => $1))::int as stuck,
        coalesce(extract(epoch from now() - min(j.created_on) filter (where j.state < 'active' and j.start_after <= now())), 0)::float8 as oldest
      from pgboss.queue q left join pgboss.job j on j.name = q.name and j.state <= 'active'
      where q.name not like '\\_\\_%'
      group by q.name`,
    [livenessSeconds],
  );
  return rows as { name: string; created: number; retry: number; active: number; stuck: number; oldest: number }[];
}
