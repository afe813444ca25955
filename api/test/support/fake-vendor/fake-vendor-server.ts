import crypto from 'node:crypto';
import http from 'node:http';
import { listenLocally, withBody } from '../local-http.ts';

export interface FakeVendorServer {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The grants its token endpoint answered, in order ('authorization_code', 'refresh_token'). */
  grants: string[];
  /** Access tokens issued from now on expire after this many seconds. */
  setTokenLifetime(seconds: number): void;
  /** The next call to /api/me answers this status (429 with Retry-After: 7). */
  failNextCall(status: number): void;
  close(): Promise<void>;
}

/**
 * The smallest vendor a provider can connect to: an OAuth consent page that approves at once (PKCE required), a token endpoint with
 * rotating refresh tokens (a spent one is refused, as Linear's and Jira's are) that takes a moment to answer (so a
 * second refresh would overlap the first), and one API call, GET /api/me, that wants a live access token.
 */
export async function startFakeVendorServer(): Promise<FakeVendorServer> {
  const clientId = `fake-${crypto.randomUUID().slice(0, 8)}`;
  const clientSecret = crypto.randomBytes(16).toString('hex');
  /** Each one-use code and the PKCE challenge it was asked for with. */
  const codes = new Map<string, string>();
  const access = new Map<string, number>();
  const refreshes = new Map<string, boolean>();
  const grants: string[] = [];
  let lifetime = 3600;
  let failNext: number | undefined;

  const issue = () => {
    const token = `fv_access_${crypto.randomBytes(12).toString('hex')}`;
    const refresh = `fv_refresh_${crypto.randomBytes(12).toString('hex')}`;
    access.set(token, Date.now() + lifetime * 1000);
    refreshes.set(refresh, false);
    return { access_token: token, token_type: 'Bearer', expires_in: lifetime, refresh_token: refresh };
  };

  const server = http.createServer(
    withBody((req, res, { url, body }) => {
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(payload));
      };
      if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
        const code = crypto.randomBytes(8).toString('hex');
        codes.set(code, url.searchParams.get('code_challenge_method') === 'S256' ? (url.searchParams.get('code_challenge') ?? '') : '');
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.search = new URLSearchParams({ code, state: url.searchParams.get('state') ?? '' }).toString();
        res.writeHead(url.searchParams.get('client_id') === clientId && url.searchParams.get('response_type') === 'code' ? 302 : 400, { location: back.toString() });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/oauth/token') {
        const form = Object.fromEntries(new URLSearchParams(String(body ?? '')));
        grants.push(form.grant_type ?? '');
        if (form.client_id !== clientId || form.client_secret !== clientSecret) return send(401, { error: 'invalid_client' });
        if (form.grant_type === 'authorization_code') {
          const challenge = codes.get(form.code ?? '');
          codes.delete(form.code ?? '');
          const verified = challenge && crypto.createHash('sha256').update(form.code_verifier ?? '').digest('base64url') === challenge;
          return verified ? send(200, issue()) : send(400, { error: 'invalid_grant', error_description: 'Unknown code, or its PKCE verifier does not match.' });
        }
        if (form.grant_type === 'refresh_token' && refreshes.get(form.refresh_token ?? '') === false) {
          refreshes.set(form.refresh_token!, true);
          setTimeout(() => send(200, issue()), 200);
          return;
        }
        return send(400, { error: 'invalid_grant', error_description: 'The grant is spent or unknown.' });
      }
      if (req.method === 'GET' && url.pathname === '/api/me') {
        if (failNext !== undefined) {
          const status = failNext;
          failNext = undefined;
          return send(status, { error: 'scripted' }, status === 429 ? { 'retry-after': '7' } : {});
        }
        const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
        if ((access.get(token) ?? 0) <= Date.now()) return send(401, { error: 'invalid_token' });
        return send(200, { name: 'Fake Vendor Workspace' });
      }
      send(404, { error: 'not_found' });
    }),
  );
  const { port, close } = await listenLocally(server);
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    grants,
    setTokenLifetime: (seconds) => {
      lifetime = seconds;
    },
    failNextCall: (status) => {
      failNext = status;
    },
    close,
  };
}
