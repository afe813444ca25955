import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema, graphql, GraphQLError } from 'graphql';

export const LINEAR_CLIENT = { id: 'showback-linear-app', secret: 'linear-client-secret', webhookSecret: 'lin_wh_test_signing_secret' };
export const LINEAR_WORKSPACE = { id: 'org-7d1c', name: 'Acme Engineering', urlKey: 'acme' };
export const LINEAR_TEAMS = [
  { id: 'team-eng', key: 'ENG', name: 'Engineering' },
  { id: 'team-sup', key: 'SUP', name: 'Support escalations' },
];

/**
 * The parts of Linear's GraphQL schema (linear/linear packages/sdk/src/schema.graphql) that Showback's calls touch,
 * with Linear's own type, field and argument names and nullability, so the documents @linear/sdk sends (its
 * fragments ask for `__typename`, `lastSyncId`, `success`…) are parsed and validated as Linear would.
 */
const SCHEMA = buildSchema(`
  scalar DateTime
  scalar JSON
  scalar JSONObject

  type Organization { id: ID! name: String! urlKey: String! }
  type Team { id: ID! key: String! name: String! }
  type TeamConnection { nodes: [Team!]! }
  type WorkflowState { id: ID! name: String! type: String! color: String! }
  type Issue { id: ID! identifier: String! title: String! description: String url: String! state: WorkflowState! team: Team! createdAt: DateTime! updatedAt: DateTime! }
  type Attachment { id: ID! url: String! title: String! subtitle: String metadata: JSONObject! issue: Issue! createdAt: DateTime! updatedAt: DateTime! }
  type AttachmentConnection { nodes: [Attachment!]! }
  type IssuePayload { lastSyncId: Float! issue: Issue success: Boolean! }
  type AttachmentPayload { lastSyncId: Float! attachment: Attachment! success: Boolean! }
  type UploadFileHeader { key: String! value: String! }
  type UploadFile { filename: String! contentType: String! size: Int! uploadUrl: String! assetUrl: String! metaData: JSON headers: [UploadFileHeader!]! }
  type UploadPayload { lastSyncId: Float! uploadFile: UploadFile success: Boolean! }

  input IssueCreateInput { teamId: String! title: String description: String stateId: String priority: Int }
  input IssueUpdateInput { title: String description: String stateId: String priority: Int }
  input AttachmentCreateInput { issueId: String! url: String! title: String! subtitle: String metadata: JSONObject iconUrl: String groupBySource: Boolean commentBody: String }
  enum PaginationOrderBy { createdAt updatedAt }

  type Query {
    organization: Organization!
    teams(first: Int, after: String, includeArchived: Boolean): TeamConnection!
    issue(id: String!): Issue!
    attachmentsForURL(url: String!, first: Int, after: String, before: String, last: Int, includeArchived: Boolean, orderBy: PaginationOrderBy): AttachmentConnection!
  }
  type Mutation {
    issueCreate(input: IssueCreateInput!): IssuePayload!
    issueUpdate(id: String!, input: IssueUpdateInput!): IssuePayload!
    attachmentCreate(input: AttachmentCreateInput!): AttachmentPayload!
    fileUpload(contentType: String!, filename: String!, size: Int!, makePublic: Boolean, metaData: JSON): UploadPayload!
  }
`);

export const WORKFLOW = [
  { id: 'state-triage', name: 'Triage', type: 'triage', color: '#FC7840' },
  { id: 'state-todo', name: 'Todo', type: 'unstarted', color: '#e2e2e2' },
  { id: 'state-progress', name: 'In Progress', type: 'started', color: '#f2c94c' },
  { id: 'state-done', name: 'Done', type: 'completed', color: '#5e6ad2' },
];

export interface StoredIssue {
  id: string;
  identifier: string;
  title: string;
  description: string | null;
  url: string;
  state: (typeof WORKFLOW)[number];
  team: (typeof LINEAR_TEAMS)[number];
  createdAt: string;
  updatedAt: string;
}

export interface StoredAttachment {
  id: string;
  url: string;
  title: string;
  subtitle: string | null;
  metadata: Record<string, unknown>;
  issueId: string;
  createdAt: string;
  updatedAt: string;
}

export interface LinearCall {
  kind: 'graphql' | 'token' | 'revoke';
  /** The operation's name for GraphQL, the grant type for /oauth/token. */
  name: string;
  token: string | undefined;
}

export interface LinearServer {
  /** LINEAR_API_URL: /graphql, /oauth/token, /oauth/revoke. */
  apiUrl: string;
  /** LINEAR_AUTHORIZE_URL: the consent page with Allow and Cancel. */
  authorizeUrl: string;
  calls: LinearCall[];
  issues(): StoredIssue[];
  attachments(issueId: string): StoredAttachment[];
  /** A file uploaded through fileUpload and the pre-signed PUT, by its asset URL. */
  asset(assetUrl: string): Buffer | undefined;
  /** An issue's state changed in Linear; answers the webhook body Linear would send for it. */
  moveIssue(issueId: string, stateName: string): Record<string, unknown>;
  /** Posts `payload` (with its `webhookTimestamp`) as Linear does: signed with the app's secret unless `signWith` says otherwise. */
  sendWebhook(target: string, payload: Record<string, unknown>, options?: { signWith?: string; deliveryId?: string }): Promise<Response>;
  /** The storage refuses the PUT of a file with this name (503), as a storage outage would; other files still upload. */
  refuseUploadOf(filename: string): void;
  /** Access tokens issued from now on expire after this many seconds (`expires_in`). */
  setTokenLifetime(seconds: number): void;
  /** Whether Linear still accepts this access token. */
  tokenWorks(token: string): boolean;
  /** Every token issued so far stops working (an admin revoked the app in Linear). */
  revokeAll(): void;
  close(): Promise<void>;
}

const graphqlError = (message: string, type: string) => new GraphQLError(message, { extensions: { type, userPresentableMessage: message } });

/**
 * A local Linear: the OAuth consent page and POST /oauth/token (authorization code; refresh tokens that rotate, so
 * a spent one is refused with invalid_grant), POST /oauth/revoke, POST /graphql executing the SDK's real documents
 * against the schema above with Bearer auth, and fileUpload's pre-signed PUT with the asset it makes. Webhooks are sent signed as Linear signs them.
 */
export async function startLinearServer(): Promise<LinearServer> {
  const calls: LinearCall[] = [];
  const codes = new Map<string, { redirect: string; scope: string }>();
  const tokens = new Map<string, { expiresAt: number; refresh: string }>();
  const refreshTokens = new Map<string, { spent: boolean }>();
  const issues = new Map<string, StoredIssue>();
  const attachments = new Map<string, StoredAttachment>();
  const numbers = new Map<string, number>();
  const uploads = new Map<string, { contentType: string; size: number; filename: string; bytes?: Buffer }>();
  const refusedUploads = new Set<string>();
  let lifetime = 86_399;
  let syncId = 1000;
  let origin = '';
  const uploadSignature = (key: string) => crypto.createHmac('sha256', LINEAR_CLIENT.secret).update(`upload:${key}`).digest('hex');

  const issueTokens = () => {
    const access = `lin_oauth_${crypto.randomBytes(20).toString('hex')}`;
    const refresh = `lin_refresh_${crypto.randomBytes(20).toString('hex')}`;
    tokens.set(access, { expiresAt: Date.now() + lifetime * 1000, refresh });
    refreshTokens.set(refresh, { spent: false });
    return { access_token: access, token_type: 'Bearer', expires_in: lifetime, scope: 'read write issues:create', refresh_token: refresh };
  };
  const tokenWorks = (token: string) => (tokens.get(token)?.expiresAt ?? 0) > Date.now();
  const now = () => new Date().toISOString();
  const state = (name: string) => WORKFLOW.find((s) => s.name === name)!;
  const findIssue = (id: string) => {
    const issue = issues.get(id) ?? [...issues.values()].find((i) => i.identifier === id);
    if (!issue) throw graphqlError('Entity not found: Issue', 'invalid input');
    return issue;
  };
  const withIssue = (a: StoredAttachment) => ({ ...a, issue: () => issues.get(a.issueId) });

  const root = {
    organization: () => LINEAR_WORKSPACE,
    teams: () => ({ nodes: LINEAR_TEAMS }),
    issue: ({ id }: { id: string }) => findIssue(id),
    attachmentsForURL: ({ url }: { url: string }) => ({ nodes: [...attachments.values()].filter((a) => a.url === url).map(withIssue) }),
    issueCreate: ({ input }: { input: { teamId: string; title?: string; description?: string } }) => {
      const team = LINEAR_TEAMS.find((t) => t.id === input.teamId);
      if (!team) throw graphqlError('Entity not found: Team', 'invalid input');
      if (!input.title) throw graphqlError('Argument Validation Error: title should not be empty', 'invalid input');
      const number = (numbers.get(team.key) ?? 0) + 1;
      numbers.set(team.key, number);
      const identifier = `${team.key}-${number}`;
      const issue: StoredIssue = {
        id: crypto.randomUUID(),
        identifier,
        title: input.title,
        description: input.description ?? null,
        url: `https://linear.app/${LINEAR_WORKSPACE.urlKey}/issue/${identifier.toLowerCase()}`,
        state: state('Triage'),
        team,
        createdAt: now(),
        updatedAt: now(),
      };
      issues.set(issue.id, issue);
      return { lastSyncId: ++syncId, issue, success: true };
    },
    issueUpdate: ({ id, input }: { id: string; input: { title?: string; description?: string; stateId?: string } }) => {
      const issue = findIssue(id);
      Object.assign(issue, { ...(input.title ? { title: input.title } : {}), ...(input.description !== undefined ? { description: input.description } : {}), updatedAt: now() });
      if (input.stateId) issue.state = WORKFLOW.find((s) => s.id === input.stateId) ?? issue.state;
      return { lastSyncId: ++syncId, issue, success: true };
    },
    // A pre-signed PUT as Linear's storage hands out: the URL carries its signature, the PUT must send the headers given.
    fileUpload: ({ contentType, filename, size }: { contentType: string; filename: string; size: number }) => {
      if (size <= 0 || size > 50 * 1024 * 1024) throw graphqlError('File size must be between 1 byte and 50 MB', 'invalid input');
      const key = `${crypto.randomUUID()}/${encodeURIComponent(filename)}`;
      uploads.set(key, { contentType, size, filename });
      return {
        lastSyncId: ++syncId,
        success: true,
        uploadFile: {
          filename,
          contentType,
          size,
          uploadUrl: `${origin}/uploads/${key}?X-Goog-Signature=${uploadSignature(key)}`,
          assetUrl: `${origin}/assets/${key}`,
          metaData: null,
          headers: [{ key: 'x-goog-content-length-range', value: `${size},${size}` }],
        },
      };
    },
    // Linear keeps one attachment per URL and issue: creating it again updates it.
    attachmentCreate: ({ input }: { input: { issueId: string; url: string; title: string; subtitle?: string; metadata?: Record<string, unknown> } }) => {
      const issue = findIssue(input.issueId);
      const existing = [...attachments.values()].find((a) => a.issueId === issue.id && a.url === input.url);
      const attachment: StoredAttachment = existing ?? { id: crypto.randomUUID(), url: input.url, title: input.title, subtitle: null, metadata: {}, issueId: issue.id, createdAt: now(), updatedAt: now() };
      Object.assign(attachment, { title: input.title, subtitle: input.subtitle ?? null, metadata: input.metadata ?? {}, updatedAt: now() });
      attachments.set(attachment.id, attachment);
      return { lastSyncId: ++syncId, attachment: withIssue(attachment), success: true };
    },
  };

  const readBody = async (req: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const raw = await readBody(req);

    if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
      const q = url.searchParams;
      const redirect = q.get('redirect_uri') ?? '';
      if (q.get('client_id') !== LINEAR_CLIENT.id || q.get('response_type') !== 'code' || !redirect) {
        res.writeHead(400, { 'content-type': 'text/html' });
        return res.end('<!doctype html><title>Linear</title><p>Invalid OAuth request: unknown client, redirect or response type.</p>');
      }
      const code = crypto.randomBytes(16).toString('hex');
      codes.set(code, { redirect, scope: q.get('scope') ?? 'read' });
      const back = (params: Record<string, string>) => {
        const target = new URL(redirect);
        for (const [k, v] of Object.entries({ ...params, state: q.get('state') ?? '' })) target.searchParams.set(k, v);
        return target.toString().replace(/&/g, '&amp;');
      };
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<!doctype html><title>Linear</title><h1>Showback wants to access your ${LINEAR_WORKSPACE.name} workspace</h1>
<p>Scopes: ${q.get('scope')}</p><a href="${back({ code })}">Allow</a> <a href="${back({ error: 'access_denied' })}">Cancel</a>`);
    }

    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return send(400, { error: 'invalid_request', error_description: 'Content-Type must be application/x-www-form-urlencoded' });
      const form = Object.fromEntries(new URLSearchParams(raw));
      calls.push({ kind: 'token', name: form.grant_type ?? '', token: undefined });
      if (form.client_id !== LINEAR_CLIENT.id || form.client_secret !== LINEAR_CLIENT.secret) return send(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      if (form.grant_type === 'authorization_code') {
        const grant = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        if (!grant || grant.redirect !== form.redirect_uri) return send(400, { error: 'invalid_grant', error_description: 'The authorization code is invalid or expired, or the redirect_uri does not match.' });
        return send(200, issueTokens());
      }
      if (form.grant_type === 'refresh_token') {
        const refresh = refreshTokens.get(form.refresh_token ?? '');
        if (!refresh || refresh.spent) return send(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        refresh.spent = true;
        return send(200, issueTokens());
      }
      return send(400, { error: 'unsupported_grant_type' });
    }

    if (req.method === 'POST' && url.pathname === '/oauth/revoke') {
      const token = new URLSearchParams(raw).get('token') ?? req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      calls.push({ kind: 'revoke', name: 'revoke', token });
      const known = tokens.get(token);
      if (!known) return send(400, { error: 'invalid_token' });
      tokens.delete(token);
      refreshTokens.set(known.refresh, { spent: true });
      return send(200, {});
    }

    if (req.method === 'PUT' && url.pathname.startsWith('/uploads/')) {
      const key = url.pathname.slice('/uploads/'.length);
      const upload = uploads.get(key);
      const bytes = Buffer.from(raw, 'utf8');
      if (!upload || url.searchParams.get('X-Goog-Signature') !== uploadSignature(key)) return send(403, { error: 'SignatureDoesNotMatch' });
      if (req.headers['content-type'] !== upload.contentType || req.headers['x-goog-content-length-range'] !== `${upload.size},${upload.size}` || bytes.length !== upload.size) {
        return send(400, { error: 'The PUT must carry the content type, the headers fileUpload gave and exactly the size declared' });
      }
      if (refusedUploads.has(upload.filename)) return send(503, { error: 'ServiceUnavailable' });
      upload.bytes = bytes;
      res.writeHead(200);
      return res.end();
    }

    if (req.method === 'GET' && url.pathname.startsWith('/assets/')) {
      const upload = uploads.get(url.pathname.slice('/assets/'.length));
      if (!upload?.bytes) return send(404, { error: 'not found' });
      res.writeHead(200, { 'content-type': upload.contentType });
      return res.end(upload.bytes);
    }

    if (req.method === 'POST' && url.pathname === '/graphql') {
      const token = req.headers.authorization?.replace(/^Bearer /, '');
      let request: { query?: string; variables?: Record<string, unknown>; operationName?: string };
      try {
        request = JSON.parse(raw);
      } catch {
        return send(400, { errors: [{ message: 'Invalid JSON body' }] });
      }
      const name = /(?:query|mutation)\s+(\w+)/.exec(request.query ?? '')?.[1] ?? 'anonymous';
      calls.push({ kind: 'graphql', name, token });
      if (!token || !tokenWorks(token)) {
        return send(400, { errors: [{ message: 'Authentication required, not authenticated', extensions: { type: 'authentication error', code: 'AUTHENTICATION_ERROR', userPresentableMessage: 'You need to authenticate to access this operation.' } }] });
      }
      const result = await graphql({ schema: SCHEMA, source: request.query ?? '', variableValues: request.variables, rootValue: root });
      return send(result.errors?.some((e) => !e.extensions?.type) ? 400 : 200, result);
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl: origin,
    authorizeUrl: `${origin}/oauth/authorize`,
    calls,
    issues: () => [...issues.values()],
    attachments: (issueId) => [...attachments.values()].filter((a) => a.issueId === issueId),
    asset: (assetUrl) => uploads.get(assetUrl.slice(`${origin}/assets/`.length))?.bytes,
    moveIssue(issueId, stateName) {
      const issue = findIssue(issueId);
      const previous = issue.state;
      issue.state = state(stateName);
      issue.updatedAt = now();
      return {
        action: 'update',
        type: 'Issue',
        createdAt: issue.updatedAt,
        organizationId: LINEAR_WORKSPACE.id,
        url: issue.url,
        webhookTimestamp: Date.now(),
        webhookId: 'webhook-1',
        data: { id: issue.id, identifier: issue.identifier, title: issue.title, url: issue.url, stateId: issue.state.id, state: issue.state, teamId: issue.team.id },
        updatedFrom: { stateId: previous.id, updatedAt: issue.updatedAt },
      };
    },
    async sendWebhook(target, payload, options = {}) {
      const body = JSON.stringify(payload);
      const signature = crypto.createHmac('sha256', options.signWith ?? LINEAR_CLIENT.webhookSecret).update(body).digest('hex');
      return fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'linear-signature': signature, 'linear-delivery': options.deliveryId ?? crypto.randomUUID(), 'linear-event': String(payload.type), 'user-agent': 'Linear-Webhook' },
        body,
      });
    },
    refuseUploadOf(filename) {
      refusedUploads.add(filename);
    },
    setTokenLifetime(seconds) {
      lifetime = seconds;
    },
    tokenWorks,
    revokeAll() {
      tokens.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
