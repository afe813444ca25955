import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeCode, refreshGrant, type OAuthApp } from '../../../src/integrations/kit/oauth.ts';

interface Received {
  contentType: string | undefined;
  body: string;
}

/** A token endpoint whose next answer the test sets; it records what it was sent. */
let answer: { status: number; body: string; headers?: Record<string, string> };
const received: Received[] = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  req.on('end', () => {
    received.push({ contentType: req.headers['content-type'], body });
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body);
  });
});
let app: OAuthApp;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  app = { vendor: 'Acme', reconnect: 'Reconnect Acme.', tokenUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/token`, clientId: 'id', clientSecret: 'secret' };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const tokens = (extra: Record<string, unknown> = {}) => ({ status: 200, body: JSON.stringify({ access_token: 'at', token_type: 'Bearer', ...extra }) });
const callback = { redirectUri: 'https://showback.example/api/v1/integrations/acme/callback', code: 'the-code', state: 'the-state' };

describe('kit/oauth.ts: the code and refresh grants through openid-client', () => {
  it('sends the standard form with the client in the body, and answers the tokens', async () => {
    answer = tokens({ refresh_token: 'rt', expires_in: 3600 });
    expect(await exchangeCode(app, { ...callback, pkceCodeVerifier: 'v'.repeat(43) }, { scope: 'a b' })).toEqual({ access_token: 'at', refresh_token: 'rt', expires_in: 3600 });
    const sent = received.at(-1)!;
    expect(sent.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: callback.redirectUri,
      code_verifier: 'v'.repeat(43),
      scope: 'a b',
      client_id: 'id',
      client_secret: 'secret',
    });
  });

  it('sends the same parameters as JSON to a vendor that takes JSON', async () => {
    answer = tokens({ refresh_token: 'rt2' });
    expect(await refreshGrant({ ...app, json: true }, 'rt1')).toEqual({ access_token: 'at', refresh_token: 'rt2', expires_in: undefined });
    const sent = received.at(-1)!;
    expect(sent.contentType).toBe('application/json');
    expect(JSON.parse(sent.body)).toEqual({ grant_type: 'refresh_token', refresh_token: 'rt1', client_id: 'id', client_secret: 'secret' });
  });

  it('sorts the refusals: a standard error body, a 200 with `error` (GitHub), a 4xx of its own (Intercom)', async () => {
    answer = { status: 400, body: JSON.stringify({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }) };
    expect(await refreshGrant(app, 'spent')).toEqual({ kind: 'broken', status: 400, message: 'Acme refused the grant (invalid_grant: Token has been expired or revoked.). Reconnect Acme.' });
    answer = { status: 200, body: JSON.stringify({ error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' }) };
    expect(await exchangeCode(app, callback)).toMatchObject({ kind: 'broken', message: 'Acme refused the grant (bad_verification_code: The code passed is incorrect or expired.). Reconnect Acme.' });
    answer = { status: 400, body: JSON.stringify({ type: 'error.list', errors: [{ code: 'parameter_invalid', message: 'Unauthorized Code' }] }) };
    expect(await exchangeCode(app, callback)).toEqual({ kind: 'broken', status: 400, message: 'Acme refused the grant (HTTP 400). Reconnect Acme.' });
  });

  it('passes a rate limit on with its wait, and a 5xx or no answer as worth trying again', async () => {
    answer = { status: 429, body: JSON.stringify({ error: 'rate_limited' }), headers: { 'retry-after': '7' } };
    expect(await refreshGrant(app, 'rt')).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterSeconds: 7 });
    answer = { status: 503, body: '{}' };
    expect(await refreshGrant(app, 'rt')).toEqual({ kind: 'unreachable', status: 503, message: "Acme's token endpoint answered HTTP 503." });
    expect(await refreshGrant({ ...app, tokenUrl: 'http://127.0.0.1:9/oauth/token' }, 'rt')).toMatchObject({ kind: 'unreachable', message: expect.stringMatching(/^Acme's token endpoint could not be reached/) });
  });
});
