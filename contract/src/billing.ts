import { Type, type Static } from 'typebox';
import { BILLING_INTERVALS, PLAN_IDS } from './plans.ts';
import { WarningSchema } from './users.ts';

const Plan = Type.Enum(PLAN_IDS);
const Interval = Type.Enum(BILLING_INTERVALS);
const DateTime = Type.String({ format: 'date-time' });
const NullableDateTime = Type.Union([DateTime, Type.Null()]);

/** The trial unlocks this plan's features and limits (spec §9: 30 days, no card). */
export const TRIAL_PLAN = 'growth' as const;

export const SUBSCRIPTION_STATUSES = ['none', 'active', 'trialing', 'past_due', 'incomplete', 'canceled', 'unpaid', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * The billing state of the signed-in user's account (spec §3). Amounts of money are in the currency's minor unit
 * (cents), as Stripe counts them; dates are ISO 8601 UTC.
 */
export const BillingStateSchema = Type.Object(
  {
    plan: Plan,
    billing_interval: Interval,
    /** The plan whose limits apply now: the paid plan, the trial's plan while the trial runs, else free. */
    effective_plan: Plan,
    trial_active: Type.Boolean(),
    trial_ends_at: NullableDateTime,
    /** Successful submissions since the start of the current calendar month (UTC). */
    submissions_used_this_month: Type.Integer({ minimum: 0 }),
    /** null: no limit (enterprise). */
    submission_limit: Type.Union([Type.Integer(), Type.Null()]),
    /** 0–100+, rounded down; null without a limit. */
    submission_limit_percentage: Type.Union([Type.Integer(), Type.Null()]),
    usage_period_start: DateTime,
    usage_period_end: DateTime,
    retention_days: Type.Union([Type.Integer(), Type.Null()]),
    watermark: Type.Boolean(),
    subscription_status: Type.Enum(SUBSCRIPTION_STATUSES),
    current_period_end: NullableDateTime,
    cancel_at_period_end: Type.Boolean(),
    /** A downgrade waiting for the end of the period. */
    pending_plan: Type.Union([Plan, Type.Null()]),
    pending_interval: Type.Union([Interval, Type.Null()]),
    pending_change_at: NullableDateTime,
    /** Whether the customer portal can be opened (a Stripe customer exists). */
    has_billing_account: Type.Boolean(),
    warnings: Type.Array(WarningSchema),
  },
  { $id: 'BillingState' },
);
export type BillingState = Static<typeof BillingStateSchema>;

export const CheckoutBodySchema = Type.Object({ plan: Plan, interval: Interval }, { $id: 'CheckoutBody', additionalProperties: false });
export type CheckoutBody = Static<typeof CheckoutBodySchema>;

export const CheckoutResponseSchema = Type.Object({ checkout_url: Type.String() }, { $id: 'CheckoutResponse' });
export type CheckoutResponse = Static<typeof CheckoutResponseSchema>;

/** What /checkout/success polls: complete once Stripe's webhook has updated the account. */
export const CheckoutStatusSchema = Type.Object(
  { status: Type.Union([Type.Literal('pending'), Type.Literal('complete')]), plan: Plan, billing_interval: Interval },
  { $id: 'CheckoutStatus' },
);
export type CheckoutStatus = Static<typeof CheckoutStatusSchema>;

export const PortalResponseSchema = Type.Object({ portal_url: Type.String() }, { $id: 'PortalResponse' });
export type PortalResponse = Static<typeof PortalResponseSchema>;

export const PreviewChangeBodySchema = Type.Object({ new_plan: Plan, new_interval: Interval }, { $id: 'PreviewChangeBody', additionalProperties: false });
export type PreviewChangeBody = Static<typeof PreviewChangeBodySchema>;

export const UpdateSubscriptionBodySchema = Type.Object(
  {
    new_plan: Plan,
    new_interval: Interval,
    /** Must be true: the person saw the preview and agreed to it (spec §5). */
    confirmed: Type.Optional(Type.Boolean()),
  },
  { $id: 'UpdateSubscriptionBody', additionalProperties: false },
);
export type UpdateSubscriptionBody = Static<typeof UpdateSubscriptionBodySchema>;

export const CHANGE_KINDS = ['upgrade', 'downgrade', 'interval_change'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const PreviewLineSchema = Type.Object({
  description: Type.String(),
  amount: Type.Integer(),
  proration: Type.Boolean(),
  period_start: DateTime,
  period_end: DateTime,
});
export type PreviewLine = Static<typeof PreviewLineSchema>;

export const SubscriptionPreviewSchema = Type.Object(
  {
    kind: Type.Enum(CHANGE_KINDS),
    /** Immediate changes are charged now with proration; scheduled ones start at the end of the period. */
    timing: Type.Union([Type.Literal('immediate'), Type.Literal('period_end')]),
    current_plan: Plan,
    current_interval: Interval,
    new_plan: Plan,
    new_interval: Interval,
    currency: Type.String(),
    amount_due_now: Type.Integer(),
    next_invoice_amount: Type.Integer(),
    next_invoice_date: DateTime,
    effective_date: DateTime,
    lines: Type.Array(PreviewLineSchema),
  },
  { $id: 'SubscriptionPreview' },
);
export type SubscriptionPreview = Static<typeof SubscriptionPreviewSchema>;

export const SubscriptionUpdateResultSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('applied'), Type.Literal('scheduled')]),
    kind: Type.Enum(CHANGE_KINDS),
    effective_date: DateTime,
    /** What was charged now (minor units); 0 for scheduled changes. */
    amount_charged: Type.Integer(),
    currency: Type.String(),
    billing: BillingStateSchema,
  },
  { $id: 'SubscriptionUpdateResult' },
);
export type SubscriptionUpdateResult = Static<typeof SubscriptionUpdateResultSchema>;

/** POST /billing/held_submissions/release: recordings refused at the limit, accepted now that there is room. */
export const ReleaseHeldResultSchema = Type.Object(
  {
    released: Type.Integer({ minimum: 0 }),
    still_held: Type.Integer({ minimum: 0 }),
    /** Held recordings whose link was revoked or whose upload is gone: they cannot be accepted any more. */
    failed: Type.Integer({ minimum: 0 }),
  },
  { $id: 'ReleaseHeldResult' },
);
export type ReleaseHeldResult = Static<typeof ReleaseHeldResultSchema>;
