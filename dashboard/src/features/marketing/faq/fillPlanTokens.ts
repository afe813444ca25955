import { PLANS, TRIAL_DAYS, type PlanId } from '@showback/contract';

/**
 * FAQ answers are written in content/faq.md with tokens such as `{plan:free.submissionLimit}` and `{trialDays}`, so
 * every figure comes from the one plan table instead of being copied into prose.
 */
export function fillPlanTokens(text: string): string {
  return text
    .replace(/\{trialDays\}/g, String(TRIAL_DAYS))
    .replace(/\{plan:(\w+)\.(\w+)\}/g, (whole, id: string, field: string) => {
      const value = (PLANS[id as PlanId] as unknown as Record<string, unknown> | undefined)?.[field];
      return typeof value === 'number' || typeof value === 'string' ? String(value) : whole;
    });
}
