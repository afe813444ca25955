import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const MICROSOFT_APP = { clientId: 'teams-client-id', clientSecret: 'teams-client-secret', tenant: 'organizations' };
export const JOINED_TEAMS = [
  { id: 'team-support', displayName: 'Support' },
  { id: 'team-product', displayName: 'Product' },
  { id: 'team-sales', displayName: 'Sales' },
];
export const TEAM_CHANNELS: Record<string, { id: string; displayName: string }[]> = {
  'team-support': [
    { id: '19:general@thread.tacv2', displayName: 'General' },
    { id: '19:escalations@thread.tacv2', displayName: 'Escalations' },
  ],
};

export interface GraphRequest {
  path: string;
  authorization: string | undefined;
}

export interface MicrosoftServers {
  /** The identity platform (MICROSOFT_LOGIN_URL): the sign-in page and the token endpoint, over http. */
  loginUrl: string;
  /** Microsoft Graph (MICROSOFT_GRAPH_URL), over https with a certificate of its own. */
  graphUrl: string;
  /** The certificate Graph serves; trust it with NODE_EXTRA_CA_CERTS in the API process. */
  caFile: string;
  tokenRequests: Record<string, string>[];
  /** The access tokens issued, oldest first. */
  accessTokens: string[];
  graphRequests: GraphRequest[];
  /** Lifetime of the access tokens issued from now on (Microsoft's are about an hour). */
  setTokenLifetime(seconds: number): void;
  /** Holds the answers to refresh-token grants from now on, until the function returned is called. */
  holdRefreshes(): () => void;
  close(): Promise<void>;
}

/** The server environment that points the Teams integration at these servers and trusts Graph's certificate. */
export function teamsEnvFor(servers: MicrosoftServers): Record<string, string> {
  return {
    MICROSOFT_CLIENT_ID: MICROSOFT_APP.clientId,
    MICROSOFT_CLIENT_SECRET: MICROSOFT_APP.clientSecret,
    MICROSOFT_TENANT: MICROSOFT_APP.tenant,
    MICROSOFT_LOGIN_URL: servers.loginUrl,
    MICROSOFT_GRAPH_URL: servers.graphUrl,
    NODE_EXTRA_CA_CERTS: servers.caFile,
    // The Workflows webhook of the tests is a local receiver.
    OUTBOUND_ALLOW_LOCAL: 'true',
  };
}

async function listen(server: http.Server | https.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const send = (res: http.ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/**
 * Local servers speaking the Microsoft identity platform's v2.0 authorization-code flow and Microsoft Graph's
 * joinedTeams and channels listings (OData pages with @odata.nextLink), for @microsoft/microsoft-graph-client.
 */
export async function startMicrosoftServers(): Promise<MicrosoftServers> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-graph-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  await promisify(execFile)('openssl', ['req', '-x509', '-nodes', '-newkey', 'rsa:2048', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1']);
  const tokenRequests: Record<string, string>[] = [];
  const graphRequests: GraphRequest[] = [];
  /** Each one-use code: the redirect_uri it was issued for and the PKCE challenge it was asked for with. */
  const codes = new Map<string, { redirect: string; challenge: string | null }>();
  const codeOk = (form: Record<string, string>): boolean => {
    const code = codes.get(form.code ?? '');
    return code !== undefined && code.redirect === form.redirect_uri && (code.challenge === null || crypto.createHash('sha256').update(form.code_verifier ?? '').digest('base64url') === code.challenge);
  };
  const accessTokens: string[] = [];
  let issued = 0;
  let lifetime = 3600;
  let heldRefreshes: (() => void)[] | undefined;

  const login = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'GET' && url.pathname === `/${MICROSOFT_APP.tenant}/oauth2/v2.0/authorize`) {
        const back = (params: Record<string, string>): string => {
          const to = new URL(url.searchParams.get('redirect_uri') ?? '');
          for (const [k, v] of Object.entries({ ...params, state: url.searchParams.get('state') ?? '' })) to.searchParams.set(k, v);
          return to.toString().replace(/&/g, '&amp;');
        };
        const code = `ms-code-${++issued}`;
        codes.set(code, { redirect: url.searchParams.get('redirect_uri') ?? '', challenge: url.searchParams.get('code_challenge_method') === 'S256' ? url.searchParams.get('code_challenge') : null });
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<!doctype html><title>Microsoft</title><h1>Permissions requested: Showback</h1><p>${url.searchParams.get('scope')}</p>
<a href="${back({ code })}">Accept</a> <a href="${back({ error: 'access_denied' })}">Cancel</a>`);
        return;
      }
      if (req.method === 'POST' && url.pathname === `/${MICROSOFT_APP.tenant}/oauth2/v2.0/token`) {
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        tokenRequests.push(form);
        if (form.client_id !== MICROSOFT_APP.clientId || form.client_secret !== MICROSOFT_APP.clientSecret) return send(res, 401, { error: 'invalid_client' });
        const grantOk = form.grant_type === 'authorization_code' ? codeOk(form) && codes.delete(form.code!) : form.grant_type === 'refresh_token' && form.refresh_token?.startsWith('ms-refresh-');
        if (!grantOk) return send(res, 400, { error: 'invalid_grant' });
        const answer = (): void => {
          const accessToken = `ms-access-${++issued}`;
          accessTokens.push(accessToken);
          send(res, 200, { token_type: 'Bearer', scope: form.scope, expires_in: lifetime, access_token: accessToken, refresh_token: `ms-refresh-${issued}` });
        };
        if (heldRefreshes && form.grant_type === 'refresh_token') heldRefreshes.push(answer);
        else answer();
        return;
      }
      send(res, 404, { error: 'not_found' });
    });
  });
  const loginPort = await listen(login);

  let graphBase = '';
  const graph = https.createServer({ key: await fs.readFile(key), cert: await fs.readFile(cert) }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://x');
    graphRequests.push({ path: `${url.pathname}${url.search}`, authorization: req.headers.authorization });
    if (!accessTokens.includes(req.headers.authorization?.replace(/^Bearer /, '') ?? '')) return send(res, 401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty.' } });
    if (url.pathname === '/v1.0/me/joinedTeams') {
      // Two pages: Graph's clients follow @odata.nextLink.
      const second = url.searchParams.get('$skiptoken') === '2';
      return send(res, 200, second ? { value: JOINED_TEAMS.slice(2) } : { value: JOINED_TEAMS.slice(0, 2), '@odata.nextLink': `${graphBase}/v1.0/me/joinedTeams?$skiptoken=2` });
    }
    const channels = /^\/v1\.0\/teams\/([^/]+)\/channels$/.exec(url.pathname);
    if (channels) {
      const list = TEAM_CHANNELS[decodeURIComponent(channels[1]!)];
      return list ? send(res, 200, { value: list }) : send(res, 404, { error: { code: 'NotFound', message: 'No team found with Group Id' } });
    }
    send(res, 404, { error: { code: 'NotFound', message: 'Resource not found' } });
  });
  graphBase = `https://127.0.0.1:${await listen(graph)}`;

  return {
    loginUrl: `http://127.0.0.1:${loginPort}`,
    graphUrl: graphBase,
    caFile: cert,
    tokenRequests,
    accessTokens,
    graphRequests,
    setTokenLifetime: (seconds) => {
      lifetime = seconds;
    },
    holdRefreshes: () => {
      const held: (() => void)[] = [];
      heldRefreshes = held;
      return () => {
        heldRefreshes = undefined;
        for (const answer of held) answer();
      };
    },
    close: async () => {
      for (const server of [login, graph]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
