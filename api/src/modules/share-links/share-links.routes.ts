import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreatedShareLinkSchema, CreateShareLinkSchema, ErrorBodySchema, ShareLinkListSchema, SharingSettingsSchema, UpdateSharingSettingsSchema } from '@showback/contract';
import * as service from './share-links.service.ts';
import { getSharingSettings, updateSharingSettings } from './sharing-settings.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** The owner's side of share links (docs/reviewing-recordings.md#sharing): a recording's links, and the account's settings. */
export const shareLinksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['share links'];

  app.get('/api/v1/submissions/:id/share_links', {
    config: { permission: 'recordings.share' },
    schema: { tags, params: IdParams, response: { 200: ShareLinkListSchema, 403: ErrorBodySchema, 404: ErrorBodySchema } },
  }, async (request) => service.listShareLinks(app.ctx, request.user.accountId, request.params.id));

  app.post('/api/v1/submissions/:id/share_links', {
    config: { permission: 'recordings.share' },
    schema: { tags, params: IdParams, body: CreateShareLinkSchema, response: { 201: CreatedShareLinkSchema, 402: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 422: ErrorBodySchema } },
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return reply.status(201).send(await service.createShareLink(app.ctx, request.user, request.params.id, request.body));
  });

  app.delete('/api/v1/share_links/:id', {
    config: { permission: 'recordings.share' },
    schema: { tags, params: IdParams, response: { 204: Type.Null(), 403: ErrorBodySchema, 404: ErrorBodySchema } },
  }, async (request, reply) => {
    await service.revokeShareLink(app.ctx, request.user, request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/api/v1/account/sharing', {
    config: { permission: 'recordings.read' },
    schema: { tags, response: { 200: SharingSettingsSchema } },
  }, async (request) => getSharingSettings(app.ctx, request.user.accountId));

  app.put('/api/v1/account/sharing', {
    config: { permission: 'account.sharing' },
    schema: { tags, body: UpdateSharingSettingsSchema, response: { 200: SharingSettingsSchema, 403: ErrorBodySchema, 422: ErrorBodySchema } },
  }, async (request) => updateSharingSettings(app.ctx, request.user.accountId, request.body));
};
