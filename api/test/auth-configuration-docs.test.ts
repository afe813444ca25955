import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARS } from '../src/config.ts';
import { providers } from '../src/integrations/providers.ts';

describe('docs/configuration.md', () => {
  it('describes every environment variable config.ts and the providers read', async () => {
    const doc = await fs.readFile(path.resolve(import.meta.dirname, '../../docs/configuration.md'), 'utf8');
    const names = [...Object.keys(CONFIG_VARS), ...providers.flatMap((p) => Object.keys(p.settings?.vars ?? {}))];
    const missing = names.filter((name) => !doc.includes(`| \`${name}\` |`));
    expect(missing).toEqual([]);
  });
});
