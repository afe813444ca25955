import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BillingStateSchema,
  CheckoutBodySchema,
  CheckoutResponseSchema,
  CheckoutStatusSchema,
  ErrorBodySchema,
  PortalResponseSchema,
  PreviewChangeBodySchema,
  ReleaseHeldResultSchema,
  SubscriptionPreviewSchema,
  SubscriptionUpdateResultSchema,
  UpdateSubscriptionBodySchema,
} from '@showback/contract';
import { notFound } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { billingState } from './billing-state.ts';
import * as repo from './billing.repository.ts';
import { releaseHeldSubmissions } from './held-submissions.service.ts';
import { checkoutStatus, openPortal, startCheckout } from './checkout.service.ts';
import { applyChange, previewChange } from './subscription-change.service.ts';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 409: ErrorBodySchema, 422: ErrorBodySchema, 502: ErrorBodySchema, 503: ErrorBodySchema };
const tags = ['billing'];

/** Billing calls of spec §7. Changing what the account pays is for its owner and admins. */
export const billingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get('/api/v1/billing', {
    preValidation: requireUser,
    schema: { tags, summary: 'Plan, usage this month, limits and warnings of the account', response: { 200: BillingStateSchema, 401: ErrorBodySchema } },
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const account = await repo.findAccount(ctx.db, request.user.accountId);
    if (!account) throw notFound('Account');
    return billingState(ctx.db, account);
  });

  app.post('/api/v1/checkout', {
    config: { permission: 'billing.manage' },
    schema: { tags, summary: 'Open a Stripe Checkout page for a paid plan', body: CheckoutBodySchema, response: { 200: CheckoutResponseSchema, ...errors } },
  }, async (request) => startCheckout(ctx, request.user, request.body));

  app.get('/api/v1/checkout/sessions/:id', {
    preValidation: requireUser,
    schema: {
      tags,
      summary: 'Whether a checkout has reached the account (polled by /checkout/success)',
      params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 255 }) }),
      response: { 200: CheckoutStatusSchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
    },
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return checkoutStatus(ctx, request.user, request.params.id);
  });

  app.post('/api/v1/billing/portal', {
    config: { permission: 'billing.manage' },
    schema: { tags, summary: 'Open the Stripe customer portal', response: { 200: PortalResponseSchema, ...errors } },
  }, async (request) => openPortal(ctx, request.user));

  app.post('/api/v1/subscriptions/preview_change', {
    config: { permission: 'billing.manage' },
    schema: { tags, summary: 'What a plan or interval change would cost, with proration', body: PreviewChangeBodySchema, response: { 200: SubscriptionPreviewSchema, ...errors } },
  }, async (request) => previewChange(ctx, request.user, request.body));

  app.post('/api/v1/subscriptions/update', {
    config: { permission: 'billing.manage' },
    schema: { tags, summary: 'Apply a previewed change (confirmed: true)', body: UpdateSubscriptionBodySchema, response: { 200: SubscriptionUpdateResultSchema, 402: ErrorBodySchema, ...errors } },
  }, async (request) => applyChange(ctx, request.user, request.body));

  app.post('/api/v1/billing/held_submissions/release', {
    config: { permission: 'billing.manage' },
    schema: { tags, summary: 'Accept recordings refused at the monthly limit, now that there is room', response: { 200: ReleaseHeldResultSchema, ...errors } },
  }, async (request) => releaseHeldSubmissions(ctx, request.user.accountId));
};
