import type { FastifyPluginAsync } from 'fastify';
import { handleStripeWebhook } from './stripe-webhook.ts';

/**
 * Stripe's webhook. The signature covers the exact bytes sent, so this plugin keeps JSON bodies as a Buffer (the
 * parser is scoped to this plugin; every other route still gets parsed JSON). Authenticated by the signature,
 * not by cookies, hence no CSRF token.
 */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.post('/api/v1/stripe/webhook', { config: { csrf: false } }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === 'string' ? request.body : '');
    const signature = request.headers['stripe-signature'];
    return handleStripeWebhook(app.ctx, raw, typeof signature === 'string' ? signature : undefined);
  });
};
