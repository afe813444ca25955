import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountSubdomainSchema, ClaimSubdomainSchema, ErrorBodySchema } from '@showback/contract';
import { claimSubdomain, getAccountSubdomain, releaseSubdomain } from './subdomains.service.ts';

const errors = { 401: ErrorBodySchema, 402: ErrorBodySchema, 403: ErrorBodySchema, 409: ErrorBodySchema, 422: ErrorBodySchema };

/** The account's branded subdomain on /my/account (owners and admins). */
export const subdomainsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const tags = ['account'];

  app.get('/api/v1/account/subdomain', {
    config: { permission: 'account.subdomain' },
    schema: { tags, summary: 'The branded subdomain, its status and whether the plan allows one', response: { 200: AccountSubdomainSchema, ...errors } },
  }, async (request) => getAccountSubdomain(ctx, request.user.accountId));

  app.put('/api/v1/account/subdomain', {
    config: { permission: 'account.subdomain' },
    schema: { tags, summary: 'Pick or rename the branded subdomain (Scale, Enterprise; a trial as a preview)', body: ClaimSubdomainSchema, response: { 200: AccountSubdomainSchema, ...errors } },
  }, async (request) => claimSubdomain(ctx, request.user.accountId, request.body.name));

  app.delete('/api/v1/account/subdomain', {
    config: { permission: 'account.subdomain' },
    schema: { tags, summary: 'Give the branded subdomain up', response: { 200: AccountSubdomainSchema, ...errors } },
  }, async (request) => releaseSubdomain(ctx, request.user.accountId));
};
