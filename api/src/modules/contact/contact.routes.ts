import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ContactReceiptSchema, ContactRequestSchema, ErrorBodySchema } from '@showback/contract';
import { findSessionUser } from '../../plugins/auth.ts';
import { submitContact } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/v1/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the team from the public contact form',
        body: ContactRequestSchema,
        response: { 201: ContactReceiptSchema, 422: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await findSessionUser(request);
      const receipt = await submitContact(
        { ctx: app.ctx, sendMail: (mail) => app.ctx.mailer.send(mail).then(() => undefined), log: request.log },
        request.body,
        { ip: request.ip, userId: user?.id ?? null },
      );
      return reply.status(201).send(receipt);
    },
  );
};
