// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../src/widget/redact.ts';
import { serialize } from '../src/capture/serialize.ts';
import { redactKeysInText, sensitiveNames } from '../src/widget/sensitive.ts';

const r = createRedactor({});

describe('redaction by default', () => {
  it('redacts token-like query parameters and fragments, keeps the rest', () => {
    expect(r.url('https://x.test/cb?code2=1&access_token=abc&page=2#id_token=zzz&state=s')).toBe(
      'https://x.test/cb?code2=1&access_token=[redacted]&page=2#id_token=[redacted]&state=s',
    );
    expect(r.url('https://x.test/a?api_key=1&apiKey=2&password=3&user=bob')).toBe(
      'https://x.test/a?api_key=[redacted]&apiKey=[redacted]&password=[redacted]&user=bob',
    );
    expect(r.url('https://bob:hunter2@x.test/')).toBe('https://bob:%5Bredacted%5D@x.test/');
  });

  it('redacts Authorization, Cookie and Set-Cookie even when allowlisted', () => {
    const e = r.event({
      kind: 'network', t: 0, transport: 'fetch', method: 'GET', url: 'https://x.test/', status: 200, duration_ms: 1,
      request_headers: { authorization: 'Bearer abc', cookie: 'sid=1', 'x-request-id': 'r1' },
      response_headers: { 'set-cookie': 'sid=2', 'content-type': 'application/json' },
    });
    expect(e.kind === 'network' && e.request_headers).toEqual({ authorization: '[redacted]', cookie: '[redacted]', 'x-request-id': 'r1' });
    expect(e.kind === 'network' && e.response_headers).toEqual({ 'set-cookie': '[redacted]', 'content-type': 'application/json' });
  });

  it('redacts credential fields in JSON and form bodies, nested too', () => {
    const e = r.event({
      kind: 'network', t: 0, transport: 'xhr', method: 'POST', url: '/login', status: 401, duration_ms: 1,
      request_body: JSON.stringify({ email: 'a@b.c', password: 'p', nested: { refresh_token: 't', keep: 1 } }),
      response_body: 'grant_type=password&client_secret=s&scope=all',
    });
    expect(e.kind === 'network' && JSON.parse(e.request_body!)).toEqual({ email: 'a@b.c', password: '[redacted]', nested: { refresh_token: '[redacted]', keep: 1 } });
    expect(e.kind === 'network' && e.response_body).toBe('grant_type=password&client_secret=[redacted]&scope=all');
  });

  it('redacts credential keys in logged objects, whole nested values included', () => {
    const logged = serialize(['login', { user: 'bob', password: 'hunter2', credentials: { a: [1, { b: '}' }] }, n: 1 }]);
    const e = r.event({ kind: 'console', t: 0, level: 'log', message: logged });
    expect(e.kind === 'console' && e.message).toBe('login {"user":"bob","password":"[redacted]","credentials":"[redacted]","n":1}');
  });

  it('redacts bearer tokens and JWTs in any text', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const e = r.event({ kind: 'console', t: 0, level: 'error', message: `401 with Bearer abc.def and ${jwt}` });
    expect(e.kind === 'console' && e.message).toBe('401 with [redacted] and [redacted]');
  });
});

describe('configurable rules', () => {
  it('adds field names and patterns', () => {
    const c = createRedactor({ fields: ['customerRef'], patterns: [/\b\d{4}-\d{4}-\d{4}-\d{4}\b/] });
    expect(c.url('https://x.test/?customerRef=9&x=1')).toBe('https://x.test/?customerRef=[redacted]&x=1');
    expect(c.text('card 1234-5678-9012-3456 and 1111-2222-3333-4444')).toBe('card [redacted] and [redacted]');
  });

  it('does not redact ordinary words that merely contain a short name', () => {
    const is = sensitiveNames([]);
    expect(['author', 'keyboard', 'code', 'pinned', 'session_count'].filter(is)).toEqual([]);
    expect(['Authorization', 'X-API-Key', 'csrfToken', 'newPassword', 'clientSecret'].every(is)).toBe(true);
    expect(redactKeysInText('{"a":"say \\"token\\": x","token":"t"}', is)).toBe('{"a":"say \\"token\\": x","token":"[redacted]"}');
  });
});
