import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CreateInvitationBodySchema,
  ErrorBodySchema,
  InvitationLookupQuerySchema,
  InvitationPreviewSchema,
  InvitationSchema,
  TeamMemberSchema,
  TeamSchema,
  UpdateMemberBodySchema,
} from '@showback/contract';
import { AppError } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { authRateLimit } from '../../plugins/rate-limit.ts';
import * as invitations from './invitations.service.ts';
import * as members from './members.service.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 422: ErrorBodySchema };

/** Invitation emails sent (new or resent) per account and per client IP in the auth rate-limit window. */
export const INVITATIONS_PER_ACCOUNT = 20;

/** The account's team (`/my/team`): every member reads it; owners and admins manage it; only the owner hands it over. */
export const teamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const tags = ['team'];
  const base = '/api/v1/team';

  const { perIp, windowMs } = ctx.config.authRateLimit;
  const byAccount = app.createRateLimit({ max: INVITATIONS_PER_ACCOUNT, timeWindow: windowMs, keyGenerator: (req) => `invite:account:${req.user.accountId}` });
  const byIp = app.createRateLimit({ max: perIp, timeWindow: windowMs, keyGenerator: (req) => `invite:ip:${req.ip}` });
  // After the permission check (preValidation), so only signed-in admins spend the account's budget.
  const invitationRateLimit = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const result of [await byIp(request), await byAccount(request)]) {
      if (!result.isAllowed && result.isExceeded) {
        reply.header('Retry-After', String(result.ttlInSeconds));
        throw new AppError('RATE_LIMITED', 'Too many invitations sent. Please wait a few minutes and try again.', { details: { retry_after_seconds: result.ttlInSeconds } });
      }
    }
  };
  const invitingAdmin = { config: { permission: 'team.invite' }, preHandler: invitationRateLimit } as const;

  app.get(base, { preValidation: requireUser, schema: { tags, summary: 'Members, pending invitations and seats (any member)', response: { 200: TeamSchema, ...errors } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return members.getTeam(ctx, request.user.accountId);
  });

  app.post(
    `${base}/invitations`,
    { ...invitingAdmin, schema: { tags, summary: 'Invite an address with a role (owner or admin)', body: CreateInvitationBodySchema, response: { 201: InvitationSchema, 402: ErrorBodySchema, 429: ErrorBodySchema, 502: ErrorBodySchema, ...errors } } },
    async (request, reply) => {
      reply.status(201);
      return invitations.invite(ctx, request.user, request.body);
    },
  );

  app.post(
    `${base}/invitations/:id/resend`,
    { ...invitingAdmin, schema: { tags, summary: 'Send a new 7-day link; the previous one stops working (owner or admin)', params: IdParams, response: { 200: InvitationSchema, 402: ErrorBodySchema, 429: ErrorBodySchema, 502: ErrorBodySchema, ...errors } } },
    async (request) => invitations.resendInvitation(ctx, request.user, request.params.id),
  );

  app.delete(
    `${base}/invitations/:id`,
    { config: { permission: 'team.invite' }, schema: { tags, summary: 'Revoke a pending invitation (owner or admin)', params: IdParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await invitations.revokeInvitation(ctx, request.user.accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    `${base}/members/:id`,
    { config: { permission: 'team.manage_members' }, schema: { tags, summary: "Change a member's role to admin or member (owner or admin)", params: IdParams, body: UpdateMemberBodySchema, response: { 200: TeamMemberSchema, ...errors } } },
    async (request) => members.changeRole(ctx, request.user.accountId, request.params.id, request.body.role),
  );

  app.delete(
    `${base}/members/:id`,
    { config: { permission: 'team.manage_members' }, schema: { tags, summary: 'Remove a member and end their sessions; what they created stays (owner or admin)', params: IdParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await members.removeMember(ctx, request.user.accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/members/:id/transfer_ownership`,
    { config: { permission: 'team.transfer_ownership' }, schema: { tags, summary: 'Make an admin the owner; the owner becomes an admin (owner only)', params: IdParams, response: { 200: TeamSchema, ...errors } } },
    async (request) => members.transferOwnership(ctx, request.user, request.params.id),
  );

  // For the sign-up screen of an invitation link; the token is the only credential, so attempts are limited per IP.
  app.get(
    '/api/v1/invitations/lookup',
    { preHandler: authRateLimit(app, 'invitation_lookup'), schema: { tags, summary: 'The workspace and address of an invitation link', querystring: InvitationLookupQuerySchema, response: { 200: InvitationPreviewSchema, 410: ErrorBodySchema, 422: ErrorBodySchema, 429: ErrorBodySchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return invitations.lookupInvitation(ctx, request.query.invitation_token);
    },
  );
};
