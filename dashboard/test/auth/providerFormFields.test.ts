import { describe, expect, it } from 'vitest';
import { captureAttribution } from '../../src/features/attribution/attribution.ts';
import { providerFormFields } from '../../src/features/auth/providerFormFields.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

describe('hidden fields of the Google/Slack form posts', () => {
  it('lands where a password sign-in would: the guarded page, else the dashboard', () => {
    const storage = new MemoryStorage();
    expect(providerFormFields('/requests?status=open#top', storage)).toEqual([['redirect_to', '/requests?status=open#top']]);
    expect(providerFormFields(null, storage)).toEqual([['redirect_to', '/dashboard']]);
    for (const unsafe of ['//evil.test/x', 'https://evil.test/', '/\\evil.test', 'requests']) {
      expect(providerFormFields(unsafe, storage), unsafe).toEqual([['redirect_to', '/dashboard']]);
    }
  });

  it('carries the captured attribution, trimmed, without empty fields', () => {
    const storage = new MemoryStorage();
    captureAttribution('?utm_source=%20newsletter%20&utm_medium=&ref=friend&other=x', storage);
    expect(providerFormFields(null, storage)).toEqual([
      ['redirect_to', '/dashboard'],
      ['utm_source', 'newsletter'],
      ['ref', 'friend'],
    ]);
  });
});
