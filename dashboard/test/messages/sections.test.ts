import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { messagesImported } from '../../../scripts/eslint/messagesImported.js';
import '../../src/messages/en/common.ts';
import { t } from '../../src/messages/t.ts';

const src = path.resolve(import.meta.dirname, '../../src');

describe('message sections', () => {
  it('finds the keys of the sections a module imported, with their placeholders filled', () => {
    expect(t('common.cancel')).toBe('Cancel');
    expect(t('common.page', { page: 2, pages: 5 })).toBe('Page 2 of 5');
  });

  it('has no text for a key whose section no module imported', () => {
    expect(() => t('auth.email')).toThrow('Missing message "auth.email"');
  });
});

// RuleTester runs its cases as tests of their own through the globals it finds; vitest's are imported.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });

describe('the lint rule messages/imported', () => {
  tester.run('imported', messagesImported, {
    valid: [
      { filename: `${src}/features/auth/SignIn.tsx`, code: "import { t } from '../../messages/t.ts';\nimport '../../messages/en/auth.ts';\nexport const title = () => t('auth.signInTitle');" },
      { filename: `${src}/ui/Status.ts`, code: "import '../messages/en/billing.ts';\nconst key = (id: string) => `billing.plans.${id}`;\nexport { key };" },
      // A value import loads the section as well; a file name or a word with a dot is no key.
      { filename: `${src}/features/marketing/Way.tsx`, code: "import { marketing } from '../../messages/en/marketing.ts';\nexport const way = marketing.way;\nexport const file = 'hero.jpg';" },
    ],
    invalid: [
      {
        filename: `${src}/features/auth/SignIn.tsx`,
        code: "import { t } from '../../messages/t.ts';\nexport const title = () => t('auth.signInTitle');",
        errors: [{ messageId: 'missing', data: { key: 'auth.signInTitle', section: 'auth', source: '../../messages/en/auth.ts' } }],
        output: "import { t } from '../../messages/t.ts';\nimport '../../messages/en/auth.ts';\nexport const title = () => t('auth.signInTitle');",
      },
      {
        // A type import loads nothing.
        filename: `${src}/app/routes.tsx`,
        code: "import type { titles } from '../messages/en/titles.ts';\nexport const key: keyof typeof titles = 'home';\nexport const title = `titles.${key}`;",
        errors: [{ messageId: 'missing' }],
        output: "import type { titles } from '../messages/en/titles.ts';\nimport '../messages/en/titles.ts';\nexport const key: keyof typeof titles = 'home';\nexport const title = `titles.${key}`;",
      },
      {
        filename: `${src}/ui/Pagination.tsx`,
        code: "import '../messages/en/requests.ts';\nimport '../messages/en/common.ts';\nexport const label = 'common.next';",
        errors: [{ messageId: 'unused', data: { section: 'requests' } }],
        output: "import '../messages/en/common.ts';\nexport const label = 'common.next';",
      },
    ],
  });
});
