// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { MAX_TEXT, serialize } from '../src/capture/serialize.ts';

describe('serialize', () => {
  it('writes strings as they are and objects as JSON-like text', () => {
    expect(serialize(['Saved', 3, true, null, undefined, { a: [1, 'x'] }])).toBe('Saved 3 true null undefined {"a":[1,"x"]}');
  });

  it('bounds huge strings, arrays and objects', () => {
    const huge = 'x'.repeat(5_000_000);
    const out = serialize([huge, huge]);
    expect(out.length).toBeLessThanOrEqual(MAX_TEXT);
    const big = serialize([Array.from({ length: 100_000 }, (_, i) => ({ i, s: 'y'.repeat(500) }))]);
    expect(big.length).toBeLessThan(MAX_TEXT);
    expect(big.endsWith(',…]')).toBe(true);
  });

  it('marks circular references and keeps going', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    a.list = [a];
    expect(serialize([a])).toBe('{"name":"a","self":[Circular],"list":[[Circular]]}');
  });

  it('survives throwing getters, throwing proxies and toString traps', () => {
    const getter = Object.defineProperty({ ok: 1 }, 'boom', { enumerable: true, get: () => { throw new Error('no'); } });
    const proxy = new Proxy({}, { ownKeys: () => { throw new Error('trap'); } });
    const evil = { toString: () => { throw new Error('x'); }, [Symbol.toPrimitive]: () => { throw new Error('y'); } };
    expect(serialize([getter])).toBe('{"ok":1,"boom":[Throws]}');
    expect(serialize([proxy, 'after'])).toBe('[Throws] after');
    expect(() => serialize([evil])).not.toThrow();
  });

  it('writes errors with their stack, also nested', () => {
    const e = new TypeError('bad input');
    expect(serialize([e])).toContain('TypeError: bad input');
    expect(serialize([e])).toContain('serialize.test.ts');
    expect(serialize([{ cause: e }])).toMatch(/^\{"cause":"TypeError: bad input/);
  });

  it('limits depth', () => {
    expect(serialize([{ a: { b: { c: { d: 1 } } } }])).toBe('{"a":{"b":{"c":[…]}}}');
  });
});
