import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';

// The built files customers' browsers run (spec §9: Chrome/Edge 85, Firefox 78, Safari 14.1; contract's
// BROWSER_FLOOR). `npm run build` first: the test suite runs this after its build step.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILT = ['recorder/dist', 'dashboard/dist', 'sdk/dist'];

/**
 * Browser APIs newer than the floor, each with the first versions that have it. A built file may use one only behind
 * a feature test (`typeof x.name` or `"name" in x`) shortly before the use, as contract's randomId does.
 */
const ABOVE_FLOOR: { name: string; use: RegExp; since: string }[] = [
  { name: 'randomUUID', use: /\.randomUUID\b/g, since: 'Chrome 92, Firefox 95, Safari 15.4' },
  { name: 'structuredClone', use: /\bstructuredClone\b/g, since: 'Chrome 98, Firefox 94, Safari 15.4' },
  { name: 'at', use: /\.at\((?=-|\w)/g, since: 'Chrome 92, Firefox 90, Safari 15.4' },
  { name: 'hasOwn', use: /\bObject\.hasOwn\b/g, since: 'Chrome 93, Firefox 92, Safari 15.4' },
  { name: 'findLast', use: /\.findLast(Index)?\(/g, since: 'Chrome 97, Firefox 104, Safari 15.4' },
  { name: 'any', use: /\bPromise\.any\b/g, since: 'Firefox 79' },
  // Thrown only (jotai's store, when listeners failed): where it is missing, a ReferenceError is thrown instead.
  { name: 'AggregateError', use: /(?<!throw\s*(?:new\s+)?)\bAggregateError\b/g, since: 'Firefox 79' },
  { name: 'WeakRef', use: /\bnew WeakRef\b/g, since: 'Firefox 79' },
  { name: 'timeout', use: /\bAbortSignal\.timeout\b/g, since: 'Chrome 103, Firefox 100, Safari 16' },
  { name: 'withResolvers', use: /\bPromise\.withResolvers\b/g, since: 'Chrome 119, Firefox 121, Safari 17.4' },
  { name: 'groupBy', use: /\b(Object|Map)\.groupBy\b/g, since: 'Chrome 117, Firefox 119, Safari 17.4' },
  { name: 'toSorted', use: /\.(toSorted|toReversed|toSpliced)\(/g, since: 'Chrome 110, Firefox 115, Safari 16' },
  { name: 'replaceChildren', use: /\.replaceChildren\(/g, since: 'Chrome 86' },
];

const GUARD_WINDOW = 200;

/** Syntax above ES2020 (`??=`, `||=`, `&&=`, class fields, `#private`, top-level await…) fails to parse. */
function syntaxAboveFloor(code: string, sourceType: 'module' | 'script'): string | undefined {
  try {
    parse(code, { ecmaVersion: 2020, sourceType });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Uses of an API above the floor with no feature test for it just before. */
function unguardedApis(code: string): string[] {
  const found: string[] = [];
  for (const api of ABOVE_FLOOR) {
    for (const match of code.matchAll(api.use)) {
      const before = code.slice(Math.max(0, match.index - GUARD_WINDOW), match.index + match[0].length);
      const guarded = new RegExp(`typeof\\s*[\\w$.]*\\.?${api.name}\\b|["'\`]${api.name}["'\`]\\s*in\\b`).test(before);
      if (!guarded) found.push(`${api.name} (${api.since}) at …${code.slice(Math.max(0, match.index - 40), match.index + 40)}…`);
    }
  }
  return found;
}

async function builtFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const dir of BUILT) {
    const abs = path.join(ROOT, dir);
    await fs.access(abs).catch(() => {
      throw new Error(`${dir} is missing: run \`npm run build\` before this check`);
    });
    for (const entry of await fs.readdir(abs, { recursive: true })) if (/\.(m?js|cjs)$/.test(entry)) files.push(path.join(abs, entry));
  }
  return files;
}

describe('the browser floor', () => {
  it('catches what it is there to catch', () => {
    expect(syntaxAboveFloor('let a; a ??= 1;', 'script')).toMatch(/Unexpected/);
    expect(syntaxAboveFloor('class A { x = 1 }', 'module')).toMatch(/Unexpected/);
    expect(syntaxAboveFloor('const b = a?.c ?? 2;', 'script')).toBeUndefined();
    expect(unguardedApis('const id = crypto.randomUUID();')).toHaveLength(1);
    expect(unguardedApis('const id = typeof c.randomUUID=="function"?c.randomUUID():f();')).toEqual([]);
    expect(unguardedApis('const last = list.at(-1);')).toHaveLength(1);
  });

  it('every built file of the recorder, the dashboard and the widget SDK parses as ES2020 and uses no API above the floor unguarded', async () => {
    const files = await builtFiles();
    expect(files.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const file of files) {
      const code = await fs.readFile(file, 'utf8');
      // Vite's chunks and the SDK's .mjs are modules; the SDK's script-tag and CommonJS builds are scripts.
      const sourceType = file.endsWith('.mjs') || !file.includes(`${path.sep}sdk${path.sep}`) ? 'module' : 'script';
      const syntax = syntaxAboveFloor(code, sourceType);
      const relative = path.relative(ROOT, file);
      if (syntax) problems.push(`${relative}: ${syntax}`);
      for (const api of unguardedApis(code)) problems.push(`${relative}: ${api}`);
    }
    expect(problems).toEqual([]);
  });
});
