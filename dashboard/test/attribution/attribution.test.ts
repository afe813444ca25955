import { describe, expect, it } from 'vitest';
import { ATTRIBUTION_STORAGE_KEY, attributionPayload, captureAttribution, clearAttribution } from '../../src/features/attribution/attribution.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

describe('attribution (spec §4)', () => {
  it('captures the seven parameters trimmed, ignoring empty ones and others', () => {
    const storage = new MemoryStorage();
    captureAttribution('?utm_source=%20news%20&utm_medium=&utm_campaign=spring&ref=abc&via=partner&other=x&utm_term=+', storage);
    expect(JSON.parse(storage.getItem(ATTRIBUTION_STORAGE_KEY) ?? '')).toEqual({ utm_source: 'news', utm_campaign: 'spring', ref: 'abc', via: 'partner' });
  });

  it('keeps the first stored set and never overwrites it', () => {
    const storage = new MemoryStorage();
    captureAttribution('?utm_source=first', storage);
    captureAttribution('?utm_source=second&utm_medium=cpc', storage);
    expect(attributionPayload(storage).utm_source).toBe('first');
    expect(attributionPayload(storage).utm_medium).toBeNull();
  });

  it('stores nothing for a query without attribution, so a later set can still be first', () => {
    const storage = new MemoryStorage();
    captureAttribution('?email=a@b.c', storage);
    expect(storage.getItem(ATTRIBUTION_STORAGE_KEY)).toBeNull();
    captureAttribution('?via=friend', storage);
    expect(attributionPayload(storage).via).toBe('friend');
  });

  it('sends all seven fields, null when absent, and clears after sign-up', () => {
    const storage = new MemoryStorage();
    captureAttribution('?utm_content=banner', storage);
    expect(attributionPayload(storage)).toEqual({ utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: 'banner', ref: null, via: null });
    clearAttribution(storage);
    expect(storage.getItem(ATTRIBUTION_STORAGE_KEY)).toBeNull();
  });

  it('survives a corrupted stored value', () => {
    const storage = new MemoryStorage();
    storage.setItem(ATTRIBUTION_STORAGE_KEY, '{not json');
    expect(attributionPayload(storage).utm_source).toBeNull();
  });
});
