import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@showback/contract';
import { MemoryStorage } from '../support/memory-storage.ts';

// The atom reads localStorage when its module loads: the record of an earlier visit must be there first.
const earlier = new MemoryStorage();
earlier.setItem('user', JSON.stringify({ id: 'earlier' }));
vi.stubGlobal('localStorage', earlier);
const { USER_STORAGE_KEY, userAtom } = await import('../../src/features/auth/userAtom.ts');

describe('the stored user', () => {
  it('is read from an earlier visit on first use', () => {
    expect(createStore().get(userAtom)).toEqual({ id: 'earlier' });
  });

  it('is kept as JSON while signed in and removed from localStorage when the session is gone (spec §4)', () => {
    const memory = new MemoryStorage();
    vi.stubGlobal('localStorage', memory);
    const store = createStore();
    const user = { id: 'u1', name: 'Ada', email: 'ada@example.test' } as User;
    store.set(userAtom, user);
    expect(JSON.parse(memory.getItem(USER_STORAGE_KEY)!)).toEqual(user);

    store.set(userAtom, null);
    expect(memory.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(memory.length).toBe(0);
    expect(store.get(userAtom)).toBeNull();
  });
});
