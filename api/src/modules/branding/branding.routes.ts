import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BrandingSchema, ErrorBodySchema, LOGO_LIMITS, may, UpdateBrandingBodySchema } from '@showback/contract';
import { requireUser } from '../../plugins/auth.ts';
import { notFound } from '../../errors.ts';
import { sendStoredFile } from '../submissions/send-stored-file.ts';
import * as service from './branding.service.ts';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 422: ErrorBodySchema };
const tags = ['account'];

export const brandingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/v1/account/branding',
    { preValidation: requireUser, schema: { tags, summary: "The account's logo, colour, business name and Powered by setting (members read it)", response: { 200: BrandingSchema, ...errors } } },
    async (request) => service.getBranding(ctx, request.user.accountId, may(request.user.role, 'account.branding')),
  );

  app.put(
    '/api/v1/account/branding',
    {
      config: { permission: 'account.branding' },
      schema: { tags, summary: 'Change the business name, brand colour or Powered by (owner or admin)', body: UpdateBrandingBodySchema, response: { 200: BrandingSchema, 402: ErrorBodySchema, ...errors } },
    },
    async (request) => service.updateBranding(ctx, request.user.accountId, request.body),
  );

  // The logo arrives as the request body itself (no multipart form around one file); any content type is read as
  // bytes because the image's own first bytes, not the type a client claims, decide what it is.
  await app.register(async (logo) => {
    logo.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LOGO_LIMITS.maxBytes }, (_request, body, done) => done(null, body));
    logo.put(
      '/api/v1/account/branding/logo',
      {
        config: { permission: 'account.branding' },
        schema: {
          tags,
          summary: `Upload the logo: a PNG, JPEG or WebP of at most ${LOGO_LIMITS.maxBytes / 1024 / 1024} MB and ${LOGO_LIMITS.maxWidth} × ${LOGO_LIMITS.maxHeight} pixels, stored re-encoded as PNG (owner or admin)`,
          response: { 200: BrandingSchema, 413: ErrorBodySchema, 415: ErrorBodySchema, ...errors },
        },
      },
      async (request) => service.uploadLogo(ctx, request.user.accountId, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)),
    );
  });

  app.delete(
    '/api/v1/account/branding/logo',
    { config: { permission: 'account.branding' }, schema: { tags, summary: 'Remove the logo (owner or admin)', response: { 200: BrandingSchema, ...errors } } },
    async (request) => service.deleteLogo(ctx, request.user.accountId),
  );

  app.get(
    `${service.LOGO_PATH}/:file`,
    { schema: { tags: ['recorder'], summary: "An account's current logo (PNG), for the recorder and emails", params: Type.Object({ file: Type.String({ maxLength: 64 }) }), response: { 404: ErrorBodySchema } } },
    async (request, reply) => {
      const key = await service.findLogoKey(ctx, request.params.file);
      if (!key) throw notFound('Logo');
      return sendStoredFile(ctx.storage, request, reply, { key, contentType: 'image/png' });
    },
  );
};
