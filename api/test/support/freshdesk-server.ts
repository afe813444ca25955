import http from 'node:http';
import { listenLocally, withBody, type RecordedCall, type ScriptedAnswer } from './local-http.ts';

export const FRESHDESK_DOMAIN = 'acme.freshdesk.com';
/** An admin's API key (Profile settings → Your API Key): 20 letters and digits, as Freshdesk issues them. */
export const FRESHDESK_KEY = 'Fd8kQ2xLm4Zp7Rt1Vw9B';

export interface FreshdeskConversation {
  id: number;
  body: string;
  body_text: string;
  incoming: boolean;
  private: boolean;
  user_id: number;
  source: number;
  ticket_id: number;
  created_at: string;
  updated_at: string;
}

export type FreshdeskCall = RecordedCall;

export type NoteAnswer = ScriptedAnswer;

export interface FreshdeskServer {
  /** FRESHDESK_URL: the origin of a helpdesk, `{domain}` in its path. */
  urlTemplate: string;
  calls: FreshdeskCall[];
  callsTo(method: string, pathPattern: RegExp): FreshdeskCall[];
  addTicket(ticketId: number, subject: string, requester: { name: string; email: string }): void;
  /** The ticket as the agent's screen shows it (what the app reads with `client.data.get`). */
  ticket(ticketId: number): { id: number; subject: string; requester: { id: number; name: string; email: string } } | undefined;
  /** The ticket's conversations as Freshdesk stores them (notes and replies, oldest first). */
  conversations(ticketId: number): FreshdeskConversation[];
  /** Scripted answers for the next note creations or edits on this ticket only (other tickets are never affected). */
  answerNextNotes(ticketId: number, ...answers: NoteAnswer[]): void;
  /** The admin reset their API key: the current one stops working, `next` works. */
  resetKey(next: string): void;
  close(): Promise<void>;
}

const AGENT = { id: 77001, name: 'Ada Admin', email: 'ada@acme.example' };
const INVALID_CREDENTIALS = { code: 'invalid_credentials', message: 'You have to be logged in to perform this action.' };
const NOT_FOUND = undefined;
const LIMIT = 400;

const plain = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * A local server speaking the parts of Freshdesk's REST API v2 that Showback uses, under /{domain}/ (Freshdesk
 * publishes no OpenAPI; written from its API reference): HTTP Basic auth with an API key as the user name, GET
 * /api/v2/agents/me, GET /api/v2/tickets/{id}?include=requester, POST /api/v2/tickets/{id}/notes (`private`),
 * GET /api/v2/tickets/{id}/conversations (page, per_page), PUT /api/v2/conversations/{id} (notes only), the
 * X-RateLimit-* headers and 429 + Retry-After, with Freshdesk's error bodies (`{code, message}`, `{description, errors}`).
 */
export async function startFreshdeskServer(): Promise<FreshdeskServer> {
  const calls: FreshdeskCall[] = [];
  const scripted = new Map<number, NoteAnswer[]>();
  const tickets = new Map<number, { subject: string; requester: { id: number; name: string; email: string }; conversations: FreshdeskConversation[] }>();
  let key = FRESHDESK_KEY;
  let nextId = 5000;

  const server = http.createServer(
    withBody((req, res, { url, body }) => {
      const [, domain = '', ...rest] = url.pathname.split('/');
      const path = `/${rest.join('/')}`;
      calls.push({ method: req.method ?? 'GET', path: `${path}${url.search}`, authorization: req.headers.authorization, body, at: Date.now() });
      const used = calls.filter((c) => c.at > Date.now() - 60_000).length;
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}): void => {
        res.writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          'x-ratelimit-total': String(LIMIT),
          'x-ratelimit-remaining': String(Math.max(0, LIMIT - used)),
          'x-ratelimit-used-currentrequest': '1',
          ...headers,
        });
        res.end(payload === undefined ? '' : JSON.stringify(payload));
      };
      if (domain !== FRESHDESK_DOMAIN) return send(404, NOT_FOUND);

      const [user, password] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8').split(':');
      if (!req.headers.authorization?.startsWith('Basic ') || user !== key || password === undefined) return send(401, INVALID_CREDENTIALS);

      if (req.method === 'GET' && path === '/api/v2/agents/me') {
        const at = '2026-01-05T09:00:00Z';
        return send(200, {
          available: true,
          occasional: false,
          id: AGENT.id,
          ticket_scope: 1,
          signature: null,
          group_ids: [],
          role_ids: [1],
          skill_ids: [],
          available_since: null,
          contact: { active: true, email: AGENT.email, job_title: null, language: 'en', last_login_at: at, mobile: null, name: AGENT.name, phone: null, time_zone: 'UTC', created_at: at, updated_at: at },
          created_at: at,
          updated_at: at,
          type: 'support_agent',
        });
      }

      const ticketPath = /^\/api\/v2\/tickets\/(\d+)(\/notes|\/conversations)?$/.exec(path);
      const conversationPath = /^\/api\/v2\/conversations\/(\d+)$/.exec(path);
      const ticketId = ticketPath ? Number(ticketPath[1]) : undefined;
      const found = conversationPath ? [...tickets.values()].flatMap((t) => t.conversations).find((c) => c.id === Number(conversationPath[1])) : undefined;
      const ticket = tickets.get(ticketId ?? found?.ticket_id ?? -1);
      if ((ticketPath || conversationPath) && !ticket) return send(404, NOT_FOUND);
      if (!ticket) return send(404, NOT_FOUND);

      if (req.method === 'GET' && ticketPath && !ticketPath[2]) {
        const requester = url.searchParams.get('include') === 'requester' ? { requester: { id: ticket.requester.id, name: ticket.requester.name, email: ticket.requester.email, mobile: null, phone: null } } : {};
        return send(200, { id: ticketId, subject: ticket.subject, requester_id: ticket.requester.id, status: 2, priority: 1, source: 1, type: null, tags: [], ...requester });
      }
      if (req.method === 'GET' && ticketPath?.[2] === '/conversations') {
        const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30));
        const page = Number(url.searchParams.get('page') ?? 1);
        const slice = ticket.conversations.slice((page - 1) * perPage, page * perPage);
        const more = ticket.conversations.length > page * perPage;
        return send(200, slice, more ? { link: `<${url.pathname}?page=${page + 1}&per_page=${perPage}>; rel="next"` } : {});
      }

      const writesNote = (req.method === 'POST' && ticketPath?.[2] === '/notes') || (req.method === 'PUT' && conversationPath);
      if (!writesNote) return send(404, NOT_FOUND);
      const id = ticketId ?? found!.ticket_id;
      const answer = scripted.get(id)?.shift();
      if (answer && 'rateLimitedFor' in answer) return send(429, { message: 'You have exceeded the limit of requests per minute' }, { 'retry-after': String(answer.rateLimitedFor) });
      if (answer && 'status' in answer) return send(answer.status, answer.body);
      const input = (body ?? {}) as { body?: unknown; private?: unknown };
      const invalid = [
        typeof input.body !== 'string' || input.body === '' ? { field: 'body', message: 'It should be a/an String', code: 'missing_field' } : undefined,
        input.private !== undefined && typeof input.private !== 'boolean' ? { field: 'private', message: 'It should be a/an Boolean', code: 'datatype_mismatch' } : undefined,
      ].filter(Boolean);
      if (invalid.length) return send(400, { description: 'Validation failed', errors: invalid });
      const now = new Date().toISOString();
      let note: FreshdeskConversation;
      if (conversationPath) {
        // Only notes can be edited; a reply is refused.
        if (found!.source !== 2) return send(400, { description: 'Validation failed', errors: [{ field: 'id', message: 'Only notes can be updated', code: 'invalid_value' }] });
        note = Object.assign(found!, { body: `<div>${input.body as string}</div>`, body_text: plain(input.body as string), updated_at: now });
      } else {
        note = { id: ++nextId, body: `<div>${input.body as string}</div>`, body_text: plain(input.body as string), incoming: false, private: input.private !== false, user_id: AGENT.id, source: 2, ticket_id: id, created_at: now, updated_at: now };
        ticket.conversations.push(note);
      }
      if (answer) return req.socket.destroy();
      return send(conversationPath ? 200 : 201, { ...note, support_email: null, to_emails: null, attachments: [] });
    }),
  );
  const { port, close } = await listenLocally(server);
  return {
    urlTemplate: `http://127.0.0.1:${port}/{domain}`,
    calls,
    callsTo: (method, pattern) => calls.filter((c) => c.method === method && pattern.test(c.path)),
    addTicket(id, subject, requester) {
      tickets.set(id, { subject, requester: { id: 900 + id, ...requester }, conversations: [] });
    },
    ticket(id) {
      const found = tickets.get(id);
      return found && { id, subject: found.subject, requester: found.requester };
    },
    conversations: (id) => tickets.get(id)?.conversations ?? [],
    answerNextNotes: (id, ...answers) => scripted.set(id, [...(scripted.get(id) ?? []), ...answers]),
    resetKey: (next) => {
      key = next;
    },
    close,
  };
}
