import { describe, expect, it } from 'vitest';
import { asksForDetails, validateDetails } from '../src/app/details.ts';
import { spokenDuration } from '../src/app/format.ts';
import { tokenFromPath } from '../src/app/token.ts';
import { checkFile } from '../src/steps/FileStep.tsx';

describe('validateDetails', () => {
  const fields = { name: 'required', email: 'optional', note: 'off' } as const;

  it('requires required fields, accepts missing optional ones and ignores off ones', () => {
    expect(validateDetails(fields, { name: '  ', note: 'ignored' }).errors).toEqual({ name: 'This field is required.' });
    expect(validateDetails(fields, { name: ' Ada ', note: 'ignored' })).toEqual({ recipient: { name: 'Ada' }, errors: {} });
  });

  it('checks email shape and length limits', () => {
    expect(validateDetails(fields, { name: 'Ada', email: 'nope' }).errors.email).toMatch(/email address/);
    expect(validateDetails(fields, { name: 'x'.repeat(201) }).errors.name).toMatch(/under 200/);
    expect(validateDetails(fields, { name: 'Ada', email: 'ada@example.com' }).recipient).toEqual({ name: 'Ada', email: 'ada@example.com' });
  });

  it('knows when to ask at all', () => {
    expect(asksForDetails({ name: 'off', email: 'off', note: 'off' })).toBe(false);
    expect(asksForDetails({ name: 'off', email: 'off', note: 'optional' })).toBe(true);
  });
});

describe('helpers', () => {
  it('formats spoken durations', () => {
    expect(spokenDuration(900)).toBe('15 minutes');
    expect(spokenDuration(90)).toBe('1 minute 30 seconds');
    expect(spokenDuration(45)).toBe('45 seconds');
  });

  it('reads the token from /r/<token> with an optional locale prefix', () => {
    expect(tokenFromPath('/r/abc_DEF-123')).toBe('abc_DEF-123');
    expect(tokenFromPath('/de/r/abc/')).toBe('abc');
    expect(tokenFromPath('/pt-BR/r/abc')).toBe('abc');
    expect(tokenFromPath('/r/')).toBeUndefined();
    expect(tokenFromPath('/x/r/abc/more')).toBeUndefined();
  });

  it('checks a chosen file against the request limits', () => {
    const req = { max_upload_bytes: 1000, accepted_types: ['video/mp4', 'video/webm'] };
    expect(checkFile(undefined, req)).toMatch(/Choose a video/);
    expect(checkFile({ name: 'a.mp4', type: 'video/mp4', size: 10 }, req)).toBeUndefined();
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: 10 }, req)).toMatch(/not a video/);
    expect(checkFile({ name: 'a.webm', type: 'video/webm', size: 5000 }, req)).toMatch(/larger than/);
    expect(checkFile({ name: 'a.mkv', type: '', size: 10 }, req)).toBeUndefined();
  });
});
