import { sql } from 'kysely';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { countJobs } from '../../jobs/pgboss-internals.ts';
import { runTool } from '../../media/run-tool.ts';

const HealthSchema = Type.Object({ status: Type.Literal('ok'), database: Type.String() });
const CheckSchema = Type.Object({ status: Type.Union([Type.Literal('up'), Type.Literal('down')]), ms: Type.Number(), error: Type.Optional(Type.String()), detail: Type.Optional(Type.Record(Type.String(), Type.Unknown())) });
const ReadySchema = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('unready')]),
  checks: Type.Object({ database: CheckSchema, queue: CheckSchema, storage: CheckSchema, ffmpeg: CheckSchema }),
});

/** A check that has not answered in this long counts as down: an unreachable database would otherwise hang the probe. */
const CHECK_TIMEOUT_MS = 3000;
/** `ffmpeg -version` starts a process: its answer is kept this long. */
const FFMPEG_CHECK_MS = 60_000;

type Check = { status: 'up' | 'down'; ms: number; error?: string; detail?: Record<string, unknown> };

async function timed(work: () => Promise<Record<string, unknown> | void>): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const detail = await Promise.race([work(), new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)))]);
    return { status: 'up', ms: Math.round(performance.now() - started), ...(detail ? { detail } : {}) };
  } catch (error) {
    return { status: 'down', ms: Math.round(performance.now() - started), error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

function readiness(ctx: AppContext): () => Promise<{ ready: boolean; checks: Record<'database' | 'queue' | 'storage' | 'ffmpeg', Check> }> {
  let ffmpeg: { at: number; check: Promise<Check> } | undefined;
  return async () => {
    if (!ffmpeg || Date.now() - ffmpeg.at > FFMPEG_CHECK_MS) {
      ffmpeg = { at: Date.now(), check: timed(async () => ({ version: (await runTool(ctx.config.ffmpegPath, ['-version'], { timeoutMs: CHECK_TIMEOUT_MS })).split('\n')[0] })) };
    }
    const [database, queue, storage, media] = await Promise.all([
      timed(async () => void (await sql`select 1`.execute(ctx.db))),
      timed(async () => ({ ...(await countJobs(ctx.database, ctx.config.jobLivenessSeconds)), workers: ctx.config.workers })),
      timed(async () => void (await ctx.storage.stat('health/readiness-probe'))),
      ffmpeg.check,
    ]);
    const checks = { database, queue, storage, ffmpeg: media };
    return { ready: Object.values(checks).every((check) => check.status === 'up'), checks };
  };
}

/**
 * /livez: the process answers (restart it when it does not). /readyz: it can do its work, with each dependency's
 * state: the database, the job queue (with how many jobs wait, run, and are stuck), storage and ffmpeg; 503 when one
 * is down, and while the process shuts down (Fastify answers 503 then), so a load balancer sends it no more traffic.
 * /api/health stays for existing monitors.
 */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/health', { schema: { tags: ['system'], response: { 200: HealthSchema } } }, async () => {
    try {
      await sql`select 1`.execute(app.ctx.db);
    } catch (cause) {
      throw new AppError('INTERNAL', 'Database unavailable', { cause });
    }
    return { status: 'ok' as const, database: app.ctx.database.kind };
  });
  app.get('/livez', { schema: { tags: ['system'], response: { 200: Type.Object({ status: Type.Literal('ok') }) } } }, async () => ({ status: 'ok' as const }));
  const check = readiness(app.ctx);
  app.get('/readyz', { schema: { tags: ['system'], response: { 200: ReadySchema, 503: ReadySchema } } }, async (_request, reply) => {
    const { ready, checks } = await check();
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unready', checks });
  });
};
