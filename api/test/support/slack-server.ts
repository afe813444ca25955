import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlackCall {
  method: string;
  form: Record<string, string>;
  authorization: string | undefined;
  at: number;
}

/**
 * What the next chat.postMessage gets instead of ok: a 429 with Retry-After, or a Slack error code. With `channel`,
 * only a post to that channel takes it, so that another test's late post on the same server cannot.
 */
export type PostAnswer = ({ rateLimitedFor: number } | { error: string }) & { channel?: string };

export interface SlackServer {
  /** Base URL of the Web API (SLACK_API_URL). */
  apiUrl: string;
  /** The OAuth v2 authorize page (SLACK_AUTHORIZE_URL): Allow and Cancel send the browser back like Slack's. */
  authorizeUrl: string;
  calls: SlackCall[];
  callsTo(method: string): SlackCall[];
  channels: { id: string; name: string; is_private: boolean }[];
  answerNextPosts(...answers: PostAnswer[]): void;
  /** Every token stops working with this error (token_revoked: the app was uninstalled). */
  revokeAll(error?: string): void;
  waitForPosts(count: number, timeoutMs?: number): Promise<SlackCall[]>;
  close(): Promise<void>;
}

export const SLACK_CLIENT = { id: '1111.2222', secret: 'slack-client-secret' };
export const SLACK_TEAM = { id: 'T0SHOWBACK', name: 'Acme Support' };

/**
 * A local server speaking the Slack Web API's HTTP protocol (form-encoded POST /api/<method>, JSON answers, 429 with
 * Retry-After) and its OAuth v2 install pages, for the official @slack/web-api client and for browsers.
 */
export async function startSlackServer(channelCount = 450): Promise<SlackServer> {
  const calls: SlackCall[] = [];
  const postAnswers: PostAnswer[] = [];
  const codes = new Map<string, string>();
  const tokens = new Set<string>();
  let revokedWith: string | undefined;
  const channels = Array.from({ length: channelCount }, (_, i) => ({ id: `C${String(i).padStart(5, '0')}`, name: `channel-${String(i).padStart(3, '0')}`, is_private: i % 10 === 0 }));
  let issued = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && url.pathname === '/oauth/v2/authorize') {
        const back = (params: Record<string, string>): string => {
          const to = new URL(url.searchParams.get('redirect_uri') ?? '');
          for (const [k, v] of Object.entries({ ...params, state: url.searchParams.get('state') ?? '' })) to.searchParams.set(k, v);
          return to.toString().replace(/&/g, '&amp;');
        };
        const code = `code-${++issued}`;
        codes.set(code, url.searchParams.get('redirect_uri') ?? '');
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<!doctype html><title>Slack</title><h1>Showback is requesting permission to access the ${SLACK_TEAM.name} Slack workspace</h1>
<p>Scopes: ${url.searchParams.get('scope')}</p><a href="${back({ code })}">Allow</a> <a href="${back({ error: 'access_denied' })}">Cancel</a>`);
        return;
      }
      const method = url.pathname.replace(/^\/api\//, '');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const authorization = req.headers.authorization;
      calls.push({ method, form, authorization, at: Date.now() });
      if (method === 'oauth.v2.access') {
        if (form.client_id !== SLACK_CLIENT.id || form.client_secret !== SLACK_CLIENT.secret) return send(200, { ok: false, error: 'invalid_client' });
        const redirect = codes.get(form.code ?? '');
        if (redirect === undefined || redirect !== form.redirect_uri) return send(200, { ok: false, error: 'invalid_code' });
        codes.delete(form.code!);
        const token = `xoxb-test-${issued}-${Math.random().toString(36).slice(2)}`;
        tokens.add(token);
        revokedWith = undefined;
        return send(200, { ok: true, access_token: token, token_type: 'bot', scope: 'chat:write,channels:read', bot_user_id: 'UBOT', app_id: 'A1', team: SLACK_TEAM, authed_user: { id: 'U1' } });
      }
      const token = authorization?.replace(/^Bearer /, '');
      if (!token || !tokens.has(token)) return send(200, { ok: false, error: 'invalid_auth' });
      if (revokedWith) return send(200, { ok: false, error: revokedWith });
      if (method === 'conversations.list') {
        const start = Number(form.cursor || 0);
        const limit = Number(form.limit || 100);
        const visible = channels.filter((c) => !c.is_private || form.types?.includes('private_channel'));
        return send(200, { ok: true, channels: visible.slice(start, start + limit), response_metadata: { next_cursor: start + limit < visible.length ? String(start + limit) : '' } });
      }
      if (method === 'chat.postMessage') {
        const index = postAnswers.findIndex((a) => a.channel === undefined || a.channel === form.channel);
        const answer = index < 0 ? undefined : postAnswers.splice(index, 1)[0];
        if (answer && 'rateLimitedFor' in answer) return send(429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(answer.rateLimitedFor) });
        if (answer) return send(200, { ok: false, error: answer.error });
        return send(200, { ok: true, channel: form.channel, ts: `${Date.now() / 1000}` });
      }
      if (method === 'auth.revoke') {
        tokens.delete(token);
        return send(200, { ok: true, revoked: true });
      }
      send(200, { ok: false, error: 'unknown_method' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const posts = (): SlackCall[] => calls.filter((c) => c.method === 'chat.postMessage');
  return {
    apiUrl: `http://127.0.0.1:${port}/api/`,
    authorizeUrl: `http://127.0.0.1:${port}/oauth/v2/authorize`,
    calls,
    callsTo: (method) => calls.filter((c) => c.method === method),
    channels,
    answerNextPosts: (...answers) => postAnswers.push(...answers),
    revokeAll: (error = 'token_revoked') => {
      revokedWith = error;
    },
    async waitForPosts(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (posts().length < count) {
        if (Date.now() > deadline) throw new Error(`Slack got ${posts().length} posts, expected ${count}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return posts();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
