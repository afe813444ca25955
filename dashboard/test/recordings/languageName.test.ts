import { describe, expect, it } from 'vitest';
import { languageName } from '../../src/features/recordings/languageName.ts';

describe('languageName', () => {
  it('names a language by its tag, and gives back a tag Intl cannot name instead of throwing', () => {
    expect(languageName('ja')).toBe('Japanese');
    expect(languageName('pt-BR')).toBe('Brazilian Portuguese');
    // A recording from before languages were kept has none: the recording page crashed on it in Chromium.
    expect(languageName('')).toBe('');
    expect(languageName('not a tag')).toBe('not a tag');
  });
});
