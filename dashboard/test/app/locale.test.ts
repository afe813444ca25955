import { describe, expect, it } from 'vitest';
import { splitLocale } from '../../src/app/locale.ts';

describe('splitLocale', () => {
  it('takes a 2-letter code or xx-YY off the front', () => {
    expect(splitLocale('/de/sign-in')).toEqual({ lang: 'de', path: '/sign-in' });
    expect(splitLocale('/pt-BR')).toEqual({ lang: 'pt-BR', path: '/' });
    expect(splitLocale('/fr/')).toEqual({ lang: 'fr', path: '/' });
  });

  it('leaves paths without a prefix alone', () => {
    expect(splitLocale('/sign-in')).toEqual({ lang: undefined, path: '/sign-in' });
    expect(splitLocale('/')).toEqual({ lang: undefined, path: '/' });
    expect(splitLocale('/DE/sign-in')).toEqual({ lang: undefined, path: '/DE/sign-in' });
    expect(splitLocale('/pt-br/x')).toEqual({ lang: undefined, path: '/pt-br/x' });
    expect(splitLocale('/deu/x')).toEqual({ lang: undefined, path: '/deu/x' });
  });

  it('never treats a route segment that looks like a code (/my) as a language', () => {
    expect(splitLocale('/my/requests')).toEqual({ lang: undefined, path: '/my/requests' });
    expect(splitLocale('/de/my/requests')).toEqual({ lang: 'de', path: '/my/requests' });
  });
});
