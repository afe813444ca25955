import crypto from 'node:crypto';
import http from 'node:http';
import { listenLocally, withBody, type RecordedCall, type ScriptedAnswer } from './local-http.ts';

export const ZENDESK_CLIENT = { id: 'showback_global', secret: 'zendesk-client-secret' };
export const ZENDESK_SUBDOMAIN = 'acme';

export interface ZendeskComment {
  id: number;
  type: 'Comment';
  author_id: number;
  body: string;
  html_body: string;
  plain_body: string;
  public: boolean;
  created_at: string;
}

export type ZendeskCall = RecordedCall;

export type UpdateAnswer = ScriptedAnswer;

/** A ticket's requester as the ZAF client gives it; `locale` is their Zendesk user locale ("de", "pt-br"). */
export interface ZendeskRequester {
  name: string;
  email: string;
  locale?: string;
}

export interface ZendeskServer {
  /** ZENDESK_URL: the origin of a Zendesk account, `{subdomain}` in its path. */
  urlTemplate: string;
  calls: ZendeskCall[];
  callsTo(method: string, pathPattern: RegExp): ZendeskCall[];
  /** The ticket's comments as Zendesk stores them (the first is the requester's description). */
  comments(ticketId: number): ZendeskComment[];
  addTicket(ticketId: number, subject: string, requester: ZendeskRequester, tags?: string[]): void;
  /** The ticket as the agent's screen shows it (what the Zendesk app reads with `client.get`). */
  ticket(ticketId: number): { id: number; subject: string; requester: ZendeskRequester } | undefined;
  tags(ticketId: number): string[];
  /** Scripted answers for the next updates of this ticket only (other tickets are never affected). */
  answerNextUpdates(ticketId: number, ...answers: UpdateAnswer[]): void;
  /** Every token issued so far stops working (an admin revoked the app's access in Zendesk). */
  revokeAll(): void;
  /** The access tokens issued expire after this many seconds (the exchange's `expires_in`). */
  setTokenLifetime(seconds: number | undefined): void;
  close(): Promise<void>;
}

const AGENT = { id: 9001, name: 'Agent Ada', email: 'ada@acme.example', role: 'agent' };

const INVALID_TOKEN = { error: 'invalid_token', error_description: 'The access token provided is expired, revoked, malformed or invalid for other reasons.' };
const INVALID_GRANT = { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid, expired, revoked, or does not match the redirection URI used in the authorization request.' };

/**
 * A local server speaking the parts of Zendesk's HTTP API that Showback uses, under /{subdomain}/: the OAuth
 * authorization page and POST /oauth/tokens (authorization code with PKCE S256, refresh tokens that rotate), Bearer
 * auth on /api/v2, tickets (PUT with a comment, `public: false` for an internal note), ticket comments (cursor
 * pagination), token revocation and 429 + Retry-After — answers shaped as Zendesk's API reference shows them.
 */
export async function startZendeskServer(): Promise<ZendeskServer> {
  const calls: ZendeskCall[] = [];
  const updateAnswers = new Map<number, UpdateAnswer[]>();
  const codes = new Map<string, { redirect: string; challenge: string; scope: string }>();
  const tokens = new Map<string, { scope: string; expiresAt: number | undefined }>();
  const refreshTokens = new Map<string, string>();
  const tickets = new Map<number, { subject: string; requester: ZendeskRequester; comments: ZendeskComment[]; tags: string[]; updated_at: string }>();
  let lifetime: number | undefined;
  let nextId = 100;

  const issue = (scope: string) => {
    const access = crypto.randomBytes(24).toString('hex');
    const refresh = crypto.randomBytes(24).toString('hex');
    tokens.set(access, { scope, expiresAt: lifetime ? Date.now() + lifetime * 1000 : undefined });
    refreshTokens.set(refresh, scope);
    return { access_token: access, token_type: 'bearer', scope, refresh_token: refresh, ...(lifetime ? { expires_in: lifetime, refresh_token_expires_in: 30 * 86400 } : {}) };
  };

  const server = http.createServer(
    withBody((req, res, { url, body }) => {
      const [, subdomain = '', ...rest] = url.pathname.split('/');
      const path = `/${rest.join('/')}`;
      calls.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization, body, at: Date.now() });
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}): void => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        res.end(payload === undefined ? '' : JSON.stringify(payload));
      };
      if (subdomain !== ZENDESK_SUBDOMAIN) return send(404, { error: 'InvalidEndpoint', description: 'Not found' });

      if (req.method === 'GET' && path === '/oauth/authorizations/new') {
        const q = url.searchParams;
        const back = (params: Record<string, string>): string => {
          const to = new URL(q.get('redirect_uri') ?? '');
          for (const [k, v] of Object.entries({ ...params, state: q.get('state') ?? '' })) to.searchParams.set(k, v);
          return to.toString().replace(/&/g, '&amp;');
        };
        if (q.get('client_id') !== ZENDESK_CLIENT.id || q.get('response_type') !== 'code') {
          res.writeHead(400, { 'content-type': 'text/html' });
          return res.end('<!doctype html><title>Zendesk</title><p>Invalid authorization request: unknown client or response type.</p>');
        }
        const code = crypto.randomBytes(12).toString('hex');
        if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return send(400, { error: 'invalid_request', error_description: 'PKCE S256 required' });
        codes.set(code, { redirect: q.get('redirect_uri') ?? '', challenge: q.get('code_challenge')!, scope: q.get('scope') ?? 'read' });
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(`<!doctype html><title>Zendesk</title><h1>Showback is requesting access to your ${subdomain} Zendesk account</h1>
<p>Scopes: ${q.get('scope')}</p><a href="${back({ code })}">Allow</a> <a href="${back({ error: 'access_denied', error_description: 'The end-user or authorization server denied the request.' })}">Cancel</a>`);
      }

      if (req.method === 'POST' && path === '/oauth/tokens') {
        const form = (body ?? {}) as Record<string, string>;
        if (form.client_id !== ZENDESK_CLIENT.id || form.client_secret !== ZENDESK_CLIENT.secret) return send(401, { error: 'invalid_client', error_description: 'Client authentication failed.' });
        if (form.grant_type === 'authorization_code') {
          const grant = codes.get(form.code ?? '');
          const verified = grant && crypto.createHash('sha256').update(form.code_verifier ?? '').digest('base64url') === grant.challenge;
          if (!grant || grant.redirect !== form.redirect_uri || !verified) return send(400, INVALID_GRANT);
          codes.delete(form.code!);
          return send(200, issue(grant.scope));
        }
        if (form.grant_type === 'refresh_token') {
          const scope = refreshTokens.get(form.refresh_token ?? '');
          if (!scope) return send(400, INVALID_GRANT);
          refreshTokens.delete(form.refresh_token!);
          return send(200, issue(scope));
        }
        return send(400, { error: 'unsupported_grant_type', error_description: 'The authorization grant type is not supported.' });
      }

      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const granted = tokens.get(token);
      if (!granted || (granted.expiresAt !== undefined && granted.expiresAt < Date.now())) return send(401, INVALID_TOKEN);

      if (req.method === 'DELETE' && path === '/api/v2/oauth/tokens/current.json') {
        tokens.delete(token);
        res.writeHead(204);
        return res.end();
      }
      const ticketPath = /^\/api\/v2\/tickets\/(\d+)(\/comments)?\.json$/.exec(path);
      const ticket = ticketPath ? tickets.get(Number(ticketPath[1])) : undefined;
      if (ticketPath && !ticket) return send(404, { error: 'RecordNotFound', description: 'Not found' });
      if (req.method === 'GET' && ticketPath?.[2] && ticket) {
        // Cursor pagination as Zendesk answers page[size]: all comments fit one page here.
        return send(200, { comments: ticket.comments, meta: { has_more: false, after_cursor: null, before_cursor: null }, links: { prev: null, next: null } });
      }
      if (req.method === 'PUT' && ticketPath && !ticketPath[2] && ticket) {
        if (!granted.scope.split(' ').some((s) => s === 'write' || s === 'tickets:write')) return send(403, { error: 'Forbidden', description: 'You do not have access to this page. Please contact the account owner of this help desk for further help.' });
        const answer = updateAnswers.get(Number(ticketPath[1]))?.shift();
        if (answer && 'rateLimitedFor' in answer) return send(429, { error: 'APIRateLimitExceeded', description: 'Rate limit for ticket updates exceeded, please wait before updating this ticket again' }, { 'retry-after': String(answer.rateLimitedFor) });
        if (answer && 'status' in answer) return send(answer.status, answer.body);
        const change = ((body ?? {}) as { ticket?: { comment?: { html_body?: string; body?: string; public?: boolean }; tags?: string[]; additional_tags?: string[] } }).ticket;
        const comment = change?.comment;
        if (!comment || !(comment.html_body ?? comment.body)) return send(422, { error: 'RecordInvalid', description: 'Record validation errors', details: { base: [{ description: 'Comment: cannot be blank' }] } });
        const html = comment.html_body ?? `<p>${comment.body}</p>`;
        const stored: ZendeskComment = {
          id: ++nextId,
          type: 'Comment',
          author_id: AGENT.id,
          body: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim(),
          html_body: `<div class="zd-comment" dir="auto">${html}</div>`,
          plain_body: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim(),
          public: comment.public !== false,
          created_at: new Date().toISOString(),
        };
        ticket.comments.push(stored);
        // Update Ticket: `tags` replaces the ticket's tags, `additional_tags` adds to them.
        if (change?.tags) ticket.tags = [...new Set(change.tags)];
        if (change?.additional_tags) ticket.tags = [...new Set([...ticket.tags, ...change.additional_tags])];
        ticket.updated_at = stored.created_at;
        const id = Number(ticketPath[1]);
        if (answer) return req.socket.destroy();
        return send(200, {
          ticket: { id, subject: ticket.subject, status: 'open', tags: ticket.tags, updated_at: ticket.updated_at },
          audit: { id: ++nextId, ticket_id: id, author_id: AGENT.id, created_at: stored.created_at, events: [{ id: stored.id, type: 'Comment', body: stored.body, html_body: stored.html_body, public: stored.public, author_id: AGENT.id }] },
        });
      }
      send(404, { error: 'InvalidEndpoint', description: 'Not found' });
    }),
  );
  const { port, close } = await listenLocally(server);
  const commentsOf = (id: number): ZendeskComment[] => tickets.get(id)?.comments ?? [];
  return {
    urlTemplate: `http://127.0.0.1:${port}/{subdomain}`,
    calls,
    callsTo: (method, pattern) => calls.filter((c) => c.method === method && pattern.test(c.path)),
    comments: commentsOf,
    addTicket(id, subject, requester, tags = []) {
      const at = new Date().toISOString();
      tickets.set(id, { subject, requester, tags, updated_at: at, comments: [{ id: ++nextId, type: 'Comment', author_id: 1, body: `${subject} — ${requester.name}`, html_body: `<p>${subject}</p>`, plain_body: subject, public: true, created_at: at }] });
    },
    ticket(id) {
      const found = tickets.get(id);
      return found && { id, subject: found.subject, requester: found.requester };
    },
    tags: (id) => tickets.get(id)?.tags ?? [],
    answerNextUpdates: (id, ...answers) => updateAnswers.set(id, [...(updateAnswers.get(id) ?? []), ...answers]),
    revokeAll: () => {
      tokens.clear();
      refreshTokens.clear();
    },
    setTokenLifetime: (seconds) => {
      lifetime = seconds;
    },
    close,
  };
}
