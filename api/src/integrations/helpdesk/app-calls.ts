import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import {
  CreateTicketRequestSchema,
  CreatedTicketRequestSchema,
  EscalateFromTicketSchema,
  TicketParamsSchema,
  TicketRecordingParamsSchema,
  TicketRecordingSchema,
  TicketRequestListSchema,
  type CreateTicketRequest,
  type TicketRequest,
} from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../../modules/auth/sessions.service.ts';
import { requireUser } from '../../plugins/auth.ts';
import { readyTrackers, trackerOf } from '../escalation/trackers.ts';
import { errors, rateLimited, upstream } from '../kit/route-preset.ts';
import { ticketReply } from './ticket-reply.ts';

/** Whatever follows `Bearer ` (the same test as the CSRF plugin's, so a bearer request never falls back to the cookie). */
export const bearerOf = (request: FastifyRequest): string | undefined => /^Bearer (.*)$/s.exec(request.headers.authorization ?? '')?.[1];

/**
 * The route guard (preValidation, like every sign-in check) of the calls a helpdesk's app makes: with an app token (`Authorization: Bearer`) only the token
 * counts; without one, a signed-in page of Showback may call with its cookie (and its CSRF token, `csrf: 'unless-bearer'`).
 */
export function requireAppCaller(resolve: (ctx: AppContext, token: string) => Promise<SessionUser | undefined>, ended: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const bearer = bearerOf(request);
    if (bearer === undefined) return requireUser(request, reply);
    const user = await resolve(request.server.ctx, bearer);
    if (!user) throw new AppError('UNAUTHENTICATED', ended);
    request.user = user;
  };
}

/** What a helpdesk gives the ticket routes: how to make a request from a ticket, and how to list the ticket's. */
export interface TicketCalls {
  create(ctx: AppContext, user: { id: string; accountId: string }, ticketId: string, input: CreateTicketRequest): Promise<TicketRequest>;
  list(ctx: AppContext, accountId: string, ticketId: string): Promise<TicketRequest[]>;
}

/** The ticket's recording with this id, with its issues; 404 when the recording was not asked for from this ticket. */
async function recordingOfTicket(ctx: AppContext, calls: TicketCalls, accountId: string, ticketId: string, submissionId: string) {
  const found = (await calls.list(ctx, accountId, ticketId)).flatMap((r) => r.recordings).find((r) => r.id === submissionId);
  if (!found) throw new AppError('NOT_FOUND', `This recording was not asked for from ticket #${ticketId}.`);
  return found;
}

/**
 * The app's ticket routes, the same for every helpdesk: `POST {base}/tickets/{ticketId}/requests` makes a request bound
 * to the ticket, `GET` lists the ticket's requests with their state and recordings (and the trackers the agent may
 * escalate to), and `POST {base}/tickets/{ticketId}/recordings/{submissionId}/issues` is "Create issue" on one of the
 * ticket's recordings, as the agent. `guard` is the routes' caller check.
 */
export function registerTicketRoutes(app: FastifyInstance, base: string, guard: RouteShorthandOptions, calls: TicketCalls): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['helpdesk'];
  typed.post(
    `${base}/tickets/:ticketId/requests`,
    { ...guard, schema: { tags, params: TicketParamsSchema, body: CreateTicketRequestSchema, response: { 201: CreatedTicketRequestSchema, ...errors, ...upstream } } },
    async (request, reply) => {
      const made = await calls.create(app.ctx, { id: request.user.id, accountId: request.user.accountId }, request.params.ticketId, request.body);
      reply.status(201);
      return { ...made, reply: ticketReply(made.request, request.body.requester_locale) };
    },
  );
  typed.get(`${base}/tickets/:ticketId/requests`, { ...guard, schema: { tags, params: TicketParamsSchema, response: { 200: TicketRequestListSchema, ...errors } } }, async (request) => ({
    items: await calls.list(app.ctx, request.user.accountId, request.params.ticketId),
    trackers: await readyTrackers(app.ctx, app.trackers, request.user.accountId),
  }));
  typed.post(
    `${base}/tickets/:ticketId/recordings/:submissionId/issues`,
    { ...guard, schema: { tags, params: TicketRecordingParamsSchema, body: EscalateFromTicketSchema, response: { 200: TicketRecordingSchema, ...errors, ...upstream, ...rateLimited } } },
    async (request) => {
      const { ticketId, submissionId } = request.params;
      await recordingOfTicket(app.ctx, calls, request.user.accountId, ticketId, submissionId);
      await trackerOf(app.trackers, request.body.tracker).escalate(app.ctx, { id: request.user.id, accountId: request.user.accountId }, submissionId, {});
      return recordingOfTicket(app.ctx, calls, request.user.accountId, ticketId, submissionId);
    },
  );
}
