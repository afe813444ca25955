import { sql } from 'kysely';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors.ts';

const HealthSchema = Type.Object({ status: Type.Literal('ok'), database: Type.String() });

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/health', { schema: { tags: ['system'], response: { 200: HealthSchema } } }, async () => {
    try {
      await sql`select 1`.execute(app.ctx.db);
    } catch (cause) {
      throw new AppError('INTERNAL', 'Database unavailable', { cause });
    }
    return { status: 'ok' as const, database: app.ctx.database.kind };
  });
};
