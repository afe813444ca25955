import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The widget's size budgets as sent (the build's brotli copies, scripts/precompress.ts; what `npm run bench -- sdk`
// reports): the script tag's up-front file, and with the widget the page fetches on open. `npm run build` first: the
// test suite runs this after its build step.
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const UP_FRONT = 4096;
const AFTER_OPEN = 14_336;

const sent = (file: string) => {
  const br = path.join(DIST, `${file}.br`);
  if (!fs.existsSync(br)) throw new Error(`${br} is missing: run \`npm run build -w sdk\` first`);
  return fs.statSync(br).size;
};

describe('widget SDK bundle sizes as sent (brotli)', () => {
  it(`showback.js, loaded before the widget opens, is at most ${UP_FRONT} B`, () => {
    expect(sent('showback.js')).toBeLessThanOrEqual(UP_FRONT);
  });

  it(`showback.js and showback-widget.js, loaded once it opens, are at most ${AFTER_OPEN} B together`, () => {
    expect(sent('showback.js') + sent('showback-widget.js')).toBeLessThanOrEqual(AFTER_OPEN);
  });
});
