import { describe, expect, it } from 'vitest';
import { CHOSEN_PLAN_STORAGE_KEY, chosenPlanFrom, rememberChosenPlan, takeChosenPlanPath } from '../../src/features/auth/chosenPlan.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

describe('plan chosen before sign-up', () => {
  it('accepts only plans that checkout can start, monthly by default', () => {
    expect(chosenPlanFrom('?plan=starter&interval=annual')).toEqual({ plan: 'starter', interval: 'annual' });
    expect(chosenPlanFrom('?plan=growth')).toEqual({ plan: 'growth', interval: 'monthly' });
    for (const search of ['', '?plan=free', '?plan=enterprise', '?plan=platinum', '?plan=scale&interval=weekly', '?interval=annual']) {
      expect(chosenPlanFrom(search), search).toBeUndefined();
    }
  });

  it('keeps the choice until it is taken once, as the /upgrade path', () => {
    const storage = new MemoryStorage();
    rememberChosenPlan('?plan=scale&interval=annual&email=a%40b.co', storage);
    expect(takeChosenPlanPath(storage)).toBe('/upgrade?plan=scale&interval=annual');
    expect(takeChosenPlanPath(storage)).toBeUndefined();
    expect(storage.getItem(CHOSEN_PLAN_STORAGE_KEY)).toBeNull();
  });

  it('forgets an earlier choice when sign-up opens without a plan, and ignores tampered storage', () => {
    const storage = new MemoryStorage();
    rememberChosenPlan('?plan=starter', storage);
    rememberChosenPlan('?email=a%40b.co', storage);
    expect(takeChosenPlanPath(storage)).toBeUndefined();
    storage.setItem(CHOSEN_PLAN_STORAGE_KEY, '{"plan":"enterprise","interval":"monthly"}');
    expect(takeChosenPlanPath(storage)).toBeUndefined();
    storage.setItem(CHOSEN_PLAN_STORAGE_KEY, 'not json');
    expect(takeChosenPlanPath(storage)).toBeUndefined();
  });
});
