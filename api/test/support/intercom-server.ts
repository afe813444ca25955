import crypto from 'node:crypto';
import http from 'node:http';
import { listenLocally, withBody, type RecordedCall, type ScriptedAnswer } from './local-http.ts';

export const INTERCOM_CLIENT = { id: 'showback-intercom-client', secret: 'intercom-client-secret' };

export type IntercomRegionPath = 'us' | 'eu' | 'au';

/** What GET /me's `app.region` says for each hosting region. */
const REGION_NAME: Record<IntercomRegionPath, string> = { us: 'US', eu: 'Europe', au: 'Australia' };

export interface IntercomWorkspace {
  id_code: string;
  name: string;
  region: IntercomRegionPath;
  admin: { id: string; name: string; email: string };
}

export const US_WORKSPACE: IntercomWorkspace = { id_code: 'usws1234', name: 'Acme (US)', region: 'us', admin: { id: '991267001', name: 'Ada Admin', email: 'ada@acme.example' } };
export const EU_WORKSPACE: IntercomWorkspace = { id_code: 'euws5678', name: 'Acme Europe', region: 'eu', admin: { id: '991267002', name: 'Erik Admin', email: 'erik@acme.example' } };

export interface IntercomPart {
  type: 'conversation_part';
  id: string;
  part_type: 'comment' | 'note';
  body: string;
  created_at: number;
  author: { type: 'admin' | 'user'; id: string; name: string; email: string };
}

export type IntercomCall = RecordedCall & { region: string; version: string | undefined };

export interface IntercomServer {
  /** INTERCOM_AUTHORIZE_URL. */
  authorizeUrl: string;
  /** INTERCOM_API_URL, INTERCOM_EU_API_URL, INTERCOM_AU_API_URL. */
  apiUrls: Record<IntercomRegionPath, string>;
  calls: IntercomCall[];
  callsTo(method: string, pathPattern: RegExp): IntercomCall[];
  /** The workspace whose admin consents on the next authorize page (the US one unless told). */
  consentAs(workspace: IntercomWorkspace): void;
  addConversation(workspace: IntercomWorkspace, id: string, title: string, contact: { name: string; email: string }): void;
  /** The conversation's notes as Intercom stores them. */
  notes(conversationId: string): IntercomPart[];
  /** Scripted answers for the next replies to this conversation only. */
  answerNextReplies(conversationId: string, ...answers: ScriptedAnswer[]): void;
  /** Every token issued so far stops working (the app was uninstalled in Intercom). */
  revokeAll(): void;
  /**
   * What Intercom sends to an inbox app's initialize or submit URL when `admin` opens (or clicks `componentId` in)
   * the app in the conversation's details panel: the payload signed with the app's client secret (X-Body-Signature).
   */
  canvasRequest(url: string, conversationId: string, options?: { componentId?: string; admin?: { id: string; name: string; email: string }; sign?: (body: string) => string }): Promise<Response>;
  /**
   * The app inserted into a reply of the conversation: what Intercom sends to the configure URL when the workspace's
   * admin picks the app in the composer's inserter; with the `results` the app answered, what the customer's Messenger
   * sends to the Messenger initialize URL to draw the card (signed the same way).
   */
  insertIntoReply(configureUrl: string, messengerUrl: string, conversationId: string): Promise<{ configured: Record<string, unknown>; card?: Response }>;
  close(): Promise<void>;
}

/** X-Body-Signature: the hex HMAC-SHA256 of the exact body with the app's client secret. */
export const signCanvasBody = (body: string, secret = INTERCOM_CLIENT.secret): string => crypto.createHmac('sha256', secret).update(body).digest('hex');

const errorList = (code: string, message: string) => ({ type: 'error.list', request_id: crypto.randomUUID(), errors: [{ code, message }] });

/**
 * A local server speaking the parts of Intercom's HTTP API that Showback uses, shaped as Intercom's API reference
 * and OpenAPI description (github.com/intercom/Intercom-OpenAPI) show them: the OAuth consent page (/oauth) and
 * POST /auth/eagle/token (form-encoded code and client credentials, a token that never expires), GET /me with the
 * workspace and its region, conversations (GET, POST /reply with admin notes), POST /auth/uninstall, error lists and
 * 429 with X-RateLimit-* headers. Each region's API is a path prefix (/us, /eu, /au): /us routes to any region as
 * api.intercom.io does, /eu and /au only know their own workspaces' tokens.
 */
export async function startIntercomServer(): Promise<IntercomServer> {
  const calls: IntercomCall[] = [];
  const codes = new Map<string, { workspace: IntercomWorkspace; redirect: string }>();
  const tokens = new Map<string, IntercomWorkspace>();
  const conversations = new Map<string, { workspace: IntercomWorkspace; title: string; contact: { id: string; name: string; email: string }; parts: IntercomPart[]; created_at: number }>();
  const scripted = new Map<string, ScriptedAnswer[]>();
  let consenting = US_WORKSPACE;
  let nextPart = 5000;

  const conversationBody = (id: string) => {
    const c = conversations.get(id)!;
    return {
      type: 'conversation',
      id,
      title: c.title,
      created_at: c.created_at,
      updated_at: Math.floor(Date.now() / 1000),
      state: 'open',
      open: true,
      source: { type: 'conversation', id: `src${id}`, delivered_as: 'customer_initiated', subject: '', body: `<p>${c.title}</p>`, author: { type: 'user', id: c.contact.id, name: c.contact.name, email: c.contact.email } },
      contacts: { type: 'contact.list', contacts: [{ type: 'contact', id: c.contact.id }] },
      conversation_parts: { type: 'conversation_part.list', conversation_parts: c.parts, total_count: c.parts.length },
    };
  };

  const server = http.createServer(
    withBody((req, res, { url, body }) => {
      const [, region = '', ...rest] = url.pathname.split('/');
      const path = `/${rest.join('/')}`;
      const version = typeof req.headers['intercom-version'] === 'string' ? req.headers['intercom-version'] : undefined;
      calls.push({ method: req.method ?? 'GET', path, region, version, authorization: req.headers.authorization, body, at: Date.now() });
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}): void => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        res.end(payload === undefined ? '' : JSON.stringify(payload));
      };

      if (region === 'app' && req.method === 'GET' && path === '/oauth') {
        const q = url.searchParams;
        if (q.get('client_id') !== INTERCOM_CLIENT.id) {
          res.writeHead(400, { 'content-type': 'text/html' });
          return res.end('<!doctype html><title>Intercom</title><p>This app does not exist.</p>');
        }
        const back = (params: Record<string, string>): string => {
          const to = new URL(q.get('redirect_uri') ?? '');
          for (const [k, v] of Object.entries({ ...params, state: q.get('state') ?? '' })) to.searchParams.set(k, v);
          return to.toString().replace(/&/g, '&amp;');
        };
        const code = crypto.randomBytes(12).toString('hex');
        codes.set(code, { workspace: consenting, redirect: q.get('redirect_uri') ?? '' });
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(`<!doctype html><title>Intercom</title><h1>Connect Showback to ${consenting.name}</h1>
<a href="${back({ code })}">Authorize access</a> <a href="${back({ error: 'access_denied' })}">Cancel</a>`);
      }
      if (!(region in REGION_NAME)) return send(404, errorList('not_found', 'Resource Not Found'));

      if (req.method === 'POST' && path === '/auth/eagle/token') {
        // Form-encoded, as Intercom documents it (withBody left it as text).
        const form = Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));
        if (form.client_id !== INTERCOM_CLIENT.id || form.client_secret !== INTERCOM_CLIENT.secret) return send(401, errorList('unauthorized', 'Client authentication failed'));
        const grant = codes.get(form.code ?? '');
        if (!grant) return send(400, errorList('parameter_invalid', 'Unauthorized Code'));
        codes.delete(form.code!);
        const token = `dG9rOm${crypto.randomBytes(24).toString('base64url')}`;
        tokens.set(token, grant.workspace);
        return send(200, { token_type: 'Bearer', token, access_token: token });
      }

      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const workspace = tokens.get(token);
      // api.intercom.io routes a token to its workspace's region; a regional host knows only its own workspaces.
      if (!workspace || (region !== 'us' && workspace.region !== region)) return send(401, errorList('unauthorized', 'Access Token Invalid'));

      if (req.method === 'GET' && path === '/me') {
        return send(200, {
          type: 'admin',
          id: workspace.admin.id,
          email: workspace.admin.email,
          name: workspace.admin.name,
          email_verified: true,
          app: { type: 'app', id_code: workspace.id_code, name: workspace.name, created_at: 1717021328, secure: false, identity_verification: false, timezone: 'Europe/Dublin', region: REGION_NAME[workspace.region] },
          avatar: { type: 'avatar', image_url: 'https://static.intercomassets.com/assets/default-avatars/admins/128.png' },
          has_inbox_seat: true,
        });
      }
      if (req.method === 'POST' && path === '/auth/uninstall') {
        for (const [t, w] of tokens) if (w === workspace) tokens.delete(t);
        return send(200, {});
      }
      const conversationPath = /^\/conversations\/(\d+)(\/reply)?$/.exec(path);
      const id = conversationPath?.[1] ?? '';
      const conversation = conversations.get(id);
      if (conversationPath && (!conversation || conversation.workspace !== workspace)) return send(404, errorList('conversation_not_found', 'Conversation not found'));
      if (req.method === 'GET' && conversationPath && !conversationPath[2]) return send(200, conversationBody(id));
      if (req.method === 'POST' && conversationPath?.[2] && conversation) {
        const answer = scripted.get(id)?.shift();
        if (answer && 'rateLimitedFor' in answer) {
          const reset = Math.ceil(Date.now() / 1000) + answer.rateLimitedFor;
          return send(429, errorList('rate_limit_exceeded', 'Exceeded rate limit of 167 in 10_seconds'), { 'x-ratelimit-limit': '167', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) });
        }
        if (answer && 'status' in answer) return send(answer.status, answer.body);
        const reply = (body ?? {}) as { type?: string; message_type?: string; admin_id?: string; body?: string };
        if (reply.type !== 'admin' || !['comment', 'note'].includes(reply.message_type ?? '')) return send(400, errorList('parameter_invalid', 'message_type must be one of comment, note, quick_reply'));
        if (reply.admin_id !== workspace.admin.id) return send(404, errorList('admin_not_found', 'Admin not found'));
        if (!reply.body) return send(400, errorList('parameter_invalid', 'Body is required'));
        conversation.parts.push({
          type: 'conversation_part',
          id: String(++nextPart),
          part_type: reply.message_type as 'note' | 'comment',
          body: reply.body,
          created_at: Math.floor(Date.now() / 1000),
          author: { type: 'admin', id: workspace.admin.id, name: workspace.admin.name, email: workspace.admin.email },
        });
        if (answer) return req.socket.destroy();
        return send(200, conversationBody(id));
      }
      send(404, errorList('not_found', 'Resource Not Found'));
    }),
  );
  const { port, close } = await listenLocally(server);
  const origin = `http://127.0.0.1:${port}`;
  return {
    authorizeUrl: `${origin}/app/oauth`,
    apiUrls: { us: `${origin}/us`, eu: `${origin}/eu`, au: `${origin}/au` },
    calls,
    callsTo: (method, pattern) => calls.filter((c) => c.method === method && pattern.test(c.path)),
    consentAs: (workspace) => {
      consenting = workspace;
    },
    addConversation(workspace, id, title, contact) {
      conversations.set(id, { workspace, title, contact: { id: `contact-${id}`, ...contact }, parts: [], created_at: Math.floor(Date.now() / 1000) });
    },
    notes: (id) => (conversations.get(id)?.parts ?? []).filter((p) => p.part_type === 'note'),
    answerNextReplies: (id, ...answers) => scripted.set(id, [...(scripted.get(id) ?? []), ...answers]),
    revokeAll: () => tokens.clear(),
    async canvasRequest(target, id, options = {}) {
      const c = conversations.get(id)!;
      const admin = options.admin ?? c.workspace.admin;
      const payload = {
        workspace_id: c.workspace.id_code,
        workspace_region: c.workspace.region,
        admin: { type: 'admin', id: admin.id, name: admin.name, email: admin.email },
        ...(options.componentId ? { component_id: options.componentId, input_values: {}, current_canvas: { content: { components: [] } } } : { card_creation_options: {} }),
        context: { conversation_id: Number(id), location: 'conversation', locale: 'en', messenger_action_colour: '#1f8ded', messenger_background_colour: '#1f8ded', referrer: 'https://app.intercom.com/a/inbox' },
        conversation: conversationBody(id),
        contact: { type: 'user', id: c.contact.id, name: c.contact.name, email: c.contact.email, role: 'user' },
      };
      const body = JSON.stringify(payload);
      const sign = options.sign ?? signCanvasBody;
      return fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', 'x-body-signature': sign(body), 'user-agent': 'Intercom-Canvas-Kit' }, body });
    },
    async insertIntoReply(configureUrl, messengerUrl, id) {
      const c = conversations.get(id)!;
      const post = (target: string, payload: object) => {
        const body = JSON.stringify(payload);
        return fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', 'x-body-signature': signCanvasBody(body), 'user-agent': 'Intercom-Canvas-Kit' }, body });
      };
      const context = { conversation_id: Number(id), location: 'conversation', locale: 'en' };
      const configured = (await (await post(configureUrl, { workspace_id: c.workspace.id_code, workspace_region: c.workspace.region, admin: { type: 'admin', ...c.workspace.admin }, context })).json()) as Record<string, unknown>;
      if (!('results' in configured)) return { configured };
      const card = await post(messengerUrl, {
        workspace_id: c.workspace.id_code,
        workspace_region: c.workspace.region,
        card_creation_options: configured.results,
        context: { ...context, location: 'conversation' },
        contact: { type: 'user', id: c.contact.id, name: c.contact.name, email: c.contact.email },
      });
      return { configured, card };
    },
    close,
  };
}
