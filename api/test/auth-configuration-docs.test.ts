import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARS } from '../src/config.ts';

describe('docs/configuration.md', () => {
  it('describes every environment variable config.ts reads', async () => {
    const doc = await fs.readFile(path.resolve(import.meta.dirname, '../../docs/configuration.md'), 'utf8');
    const missing = Object.keys(CONFIG_VARS).filter((name) => !doc.includes(`| \`${name}\` |`));
    expect(missing).toEqual([]);
  });
});
