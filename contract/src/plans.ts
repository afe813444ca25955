/** The plan table of spec §9: the single source for the site, the API and billing. */
export const PLAN_IDS = ['free', 'starter', 'growth', 'scale', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_INTERVALS = ['monthly', 'annual'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export type SupportLevel = 'community' | 'email' | 'priority' | 'dedicated' | 'custom';

export interface Plan {
  id: PlanId;
  name: string;
  /** USD per month and per year; null where the price is custom. */
  priceMonthly: number | null;
  priceAnnual: number | null;
  /** Recordings per calendar month; null means a custom/negotiated limit. */
  submissionLimit: number | null;
  watermark: boolean;
  retentionDays: number | null;
  seats: number | null;
  support: SupportLevel;
  widgetEmbed: boolean;
  brandedSubdomain: boolean;
  zendesk: boolean;
  chatIntegrations: boolean;
  checkout: boolean;
  services: string[];
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free', name: 'Free', priceMonthly: 0, priceAnnual: 0, submissionLimit: 10, watermark: true,
    retentionDays: 14, seats: 1, support: 'community', widgetEmbed: false, brandedSubdomain: false, zendesk: false,
    chatIntegrations: false, checkout: false, services: [],
  },
  starter: {
    id: 'starter', name: 'Starter', priceMonthly: 29, priceAnnual: 290, submissionLimit: 50, watermark: false,
    retentionDays: 30, seats: 1, support: 'email', widgetEmbed: false, brandedSubdomain: false, zendesk: false,
    chatIntegrations: true, checkout: true, services: [],
  },
  growth: {
    id: 'growth', name: 'Growth', priceMonthly: 99, priceAnnual: 990, submissionLimit: 250, watermark: false,
    retentionDays: 90, seats: 2, support: 'priority', widgetEmbed: true, brandedSubdomain: false, zendesk: false,
    chatIntegrations: true, checkout: true, services: [],
  },
  scale: {
    id: 'scale', name: 'Scale', priceMonthly: 299, priceAnnual: 2990, submissionLimit: 1000, watermark: false,
    retentionDays: 180, seats: 5, support: 'dedicated', widgetEmbed: true, brandedSubdomain: true, zendesk: true,
    chatIntegrations: true, checkout: true, services: [],
  },
  enterprise: {
    id: 'enterprise', name: 'Enterprise', priceMonthly: null, priceAnnual: null, submissionLimit: null, watermark: false,
    retentionDays: null, seats: null, support: 'custom', widgetEmbed: true, brandedSubdomain: true, zendesk: true,
    chatIntegrations: true, checkout: false,
    services: ['Custom procurement', 'SLA agreements', 'Security reviews', 'Invoice payment (Net 30)'],
  },
};

export const TRIAL_DAYS = 30;
export const USAGE_APPROACHING_PERCENT = 75;
export const USAGE_REACHED_PERCENT = 100;
export const RETENTION_WARNING_DAYS = 7;

export function planPrice(plan: Plan, interval: BillingInterval): number | null {
  return interval === 'annual' ? plan.priceAnnual : plan.priceMonthly;
}
