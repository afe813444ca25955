import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';

export const JIRA_CLIENT = { id: 'showback-jira-app', secret: 'atlassian-client-secret-for-tests' };
export const JIRA_SITE = { id: '1324a887-45db-1bf4-1e99-ef0ff456d421', name: 'acme', url: 'https://acme.atlassian.net' };
export const JIRA_PROJECTS = [
  { id: '10000', key: 'ENG', name: 'Engineering', issueTypes: [{ id: '10001', name: 'Task', subtask: false }, { id: '10004', name: 'Bug', subtask: false }, { id: '10005', name: 'Sub-task', subtask: true }] },
  { id: '10010', key: 'SUP', name: 'Support escalations', issueTypes: [{ id: '10011', name: 'Task', subtask: false }] },
];
export const JIRA_STATUSES = {
  'To Do': { id: '10000', name: 'To Do', statusCategory: { id: 2, key: 'new', name: 'To Do' } },
  'In Progress': { id: '3', name: 'In Progress', statusCategory: { id: 4, key: 'indeterminate', name: 'In Progress' } },
  Done: { id: '10002', name: 'Done', statusCategory: { id: 3, key: 'done', name: 'Done' } },
} as const;
type StatusName = keyof typeof JIRA_STATUSES;

export interface StoredJiraIssue {
  id: string;
  key: string;
  projectKey: string;
  issueTypeId: string;
  summary: string;
  description: { version: number; type: string; content: unknown[] };
  status: StatusName;
  attachments: { id: string; filename: string; mimeType: string; content: Buffer }[];
  remoteLinks: { id: number; globalId?: string; relationship?: string; object: { url: string; title: string; summary?: string } }[];
}

/** The request bodies this server reads (token requests, issue fields, remote links, webhooks), as Jira names their fields. */
interface IssueFields {
  project?: { id?: string; key?: string };
  issuetype?: { id?: string };
  summary?: string;
  description?: StoredJiraIssue['description'];
}
interface RequestBody {
  grant_type?: string;
  client_id?: string;
  client_secret?: string;
  code?: string;
  redirect_uri?: string;
  refresh_token?: string;
  fields?: IssueFields;
  url?: string;
  webhooks?: { jqlFilter?: string; events?: string[] }[];
  webhookIds?: number[];
  globalId?: string;
  relationship?: string;
  object?: { url: string; title: string; summary?: string };
}

interface Grant {
  id: string;
  scope: string;
  revoked: boolean;
}

export interface JiraServer {
  /** Origin of the authorization server (ATLASSIAN_AUTH_URL) and of the API gateway (ATLASSIAN_API_URL): one server here. */
  url: string;
  issues(): StoredJiraIssue[];
  issue(key: string): StoredJiraIssue | undefined;
  /** Every token request, in order. */
  tokenCalls: { grant_type: string; status: number }[];
  webhooks(): { id: number; url: string; jqlFilter: string; events: string[]; expiresAt: number }[];
  /** Jira refuses attachments with this file name (413, as over the site's attachment size limit); scoped to one recording's file. */
  refuseAttachmentsNamed(filename: string): void;
  /** The person removes the app from their Atlassian account: the grant's tokens stop working. */
  revokeGrant(code: string): void;
  /** Moves the issue in Jira's workflow and delivers jira:issue_updated to the webhooks whose JQL matches it. */
  transition(key: string, status: StatusName, options?: { signWith?: string; expiresIn?: number }): Promise<Response[]>;
  close(): Promise<void>;
}

const readBody = async (req: http.IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A local Atlassian speaking the HTTP of the parts Showback uses, checked against Atlassian's documentation and the
 * Jira Cloud platform REST API v3 OpenAPI document (swagger-v3.v3.json) for paths, methods, bodies and status codes:
 * the 3LO consent page (auth.atlassian.com/authorize), /oauth/token (JSON; rotating refresh tokens: a refresh token
 * works once, a reused one is refused with 403 unauthorized_client), accessible-resources, and under
 * /ex/jira/{cloudid}/rest/api/3: project search with issue types, issue create (the description must be an ADF
 * document) / edit / get, remote links upserted by globalId, multipart attachments (refused without
 * X-Atlassian-Token: no-check, as Jira's XSRF check does), attachment delete, and dynamic webhooks (register, delete,
 * refresh). Webhook deliveries carry `Authorization: Bearer <JWT>` signed HS256 with the app's client secret, with
 * `matchedWebhookIds`, as Jira sends them to OAuth 2.0 apps; `deliverTo` maps the registered (public) URL to the test's app.
 */
export async function startJiraServer(deliverTo: (registeredUrl: string) => string = (u) => u): Promise<JiraServer> {
  const codes = new Map<string, { redirect: string; grant: Grant }>();
  const grantsByCode = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, { grant: Grant; used: boolean }>();
  const issues = new Map<string, StoredJiraIssue>();
  const webhooks: { id: number; url: string; jqlFilter: string; events: string[]; expiresAt: number }[] = [];
  const tokenCalls: { grant_type: string; status: number }[] = [];
  const refusedFiles = new Set<string>();
  let issueNumber = 0;
  let webhookNumber = 1000;
  let attachmentNumber = 20000;
  let linkNumber = 30000;
  const DAY = 24 * 60 * 60 * 1000;

  const issueTokens = (grant: Grant) => {
    const access = `atl_at_${crypto.randomBytes(16).toString('hex')}`;
    const refresh = `atl_rt_${crypto.randomBytes(16).toString('hex')}`;
    accessTokens.set(access, grant);
    refreshTokens.set(refresh, { grant, used: false });
    return { access_token: access, refresh_token: refresh, expires_in: 3600, scope: grant.scope, token_type: 'Bearer' };
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const raw = await readBody(req);
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const json = () => JSON.parse(raw.toString('utf8') || '{}') as RequestBody;

    if (req.method === 'GET' && url.pathname === '/authorize') {
      const q = url.searchParams;
      const redirect = q.get('redirect_uri') ?? '';
      if (q.get('client_id') !== JIRA_CLIENT.id || q.get('response_type') !== 'code' || q.get('audience') !== 'api.atlassian.com' || !redirect) {
        res.writeHead(400, { 'content-type': 'text/html' });
        return res.end('<!doctype html><title>Atlassian</title><p>Something went wrong: invalid client, audience, redirect or response type.</p>');
      }
      const code = crypto.randomBytes(16).toString('hex');
      const grant: Grant = { id: crypto.randomUUID(), scope: q.get('scope') ?? '', revoked: false };
      codes.set(code, { redirect, grant });
      grantsByCode.set(code, grant);
      const back = (params: Record<string, string>) => {
        const target = new URL(redirect);
        for (const [k, v] of Object.entries({ ...params, state: q.get('state') ?? '' })) target.searchParams.set(k, v);
        return target.toString().replace(/&/g, '&amp;');
      };
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<!doctype html><title>Atlassian</title><h1>Showback is requesting access to your Atlassian account</h1>
<p>Use app on: ${JIRA_SITE.name}</p><p>Scopes: ${q.get('scope')}</p><a href="${back({ code })}">Accept</a> <a href="${back({ error: 'access_denied', error_description: 'User did not authorize the request' })}">Cancel</a>`);
    }

    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const answer = (status: number, body: unknown) => {
        tokenCalls.push({ grant_type: String(form.grant_type ?? ''), status });
        return send(status, body);
      };
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return send(415, { error: 'invalid_request', error_description: 'Unsupported content type' });
      const form = json();
      if (form.client_id !== JIRA_CLIENT.id || form.client_secret !== JIRA_CLIENT.secret) return answer(401, { error: 'access_denied', error_description: 'Unauthorized' });
      if (form.grant_type === 'authorization_code') {
        const pending = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        if (!pending || pending.redirect !== form.redirect_uri) return answer(403, { error: 'invalid_grant', error_description: 'Invalid authorization code' });
        return answer(200, issueTokens(pending.grant));
      }
      if (form.grant_type === 'refresh_token') {
        const held = refreshTokens.get(form.refresh_token ?? '');
        if (!held || held.used || held.grant.revoked) return answer(403, { error: 'unauthorized_client', error_description: 'refresh_token is invalid' });
        held.used = true;
        return answer(200, issueTokens(held.grant));
      }
      return answer(400, { error: 'unsupported_grant_type' });
    }

    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = bearer ? accessTokens.get(bearer) : undefined;
    if (!grant || grant.revoked) return send(401, { code: 401, message: 'Unauthorized; scope does not match' });

    if (req.method === 'GET' && url.pathname === '/oauth/token/accessible-resources') {
      return send(200, [{ ...JIRA_SITE, scopes: grant.scope.split(' ').filter((s) => s !== 'offline_access'), avatarUrl: 'https://site-admin-avatar-cdn.prod.public.atl-paas.net/avatars/240/rocket.png' }]);
    }

    const prefix = `/ex/jira/${JIRA_SITE.id}/rest/api/3/`;
    if (!url.pathname.startsWith(prefix)) return send(404, { errorMessages: ['Not found'] });
    const path = url.pathname.slice(prefix.length);
    const self = (p: string) => `https://api.atlassian.com/ex/jira/${JIRA_SITE.id}/rest/api/3/${p}`;
    const issueMatch = /^issue\/([^/]+)(?:\/(attachments|remotelink))?$/.exec(path);
    const issue = issueMatch ? issues.get(decodeURIComponent(issueMatch[1]!)) ?? [...issues.values()].find((i) => i.id === issueMatch[1]) : undefined;
    const notFound = () => send(404, { errorMessages: ['Issue does not exist or you do not have permission to see it.'], errors: {} });

    if (req.method === 'GET' && path === 'project/search') {
      const expand = (url.searchParams.get('expand') ?? '').split(',');
      const values = JIRA_PROJECTS.map((p) => ({ self: self(`project/${p.id}`), id: p.id, key: p.key, name: p.name, projectTypeKey: 'software', ...(expand.includes('issueTypes') ? { issueTypes: p.issueTypes } : {}) }));
      return send(200, { self: self('project/search'), maxResults: 50, startAt: 0, total: values.length, isLast: true, values });
    }

    if (req.method === 'POST' && path === 'issue') {
      const fields: IssueFields = json().fields ?? {};
      const project = JIRA_PROJECTS.find((p) => p.id === fields.project?.id || p.key === fields.project?.key);
      const errors: Record<string, string> = {};
      if (!project) errors.project = 'valid project is required';
      if (!project?.issueTypes.some((t) => t.id === fields.issuetype?.id)) errors.issuetype = 'The issue type selected is invalid.';
      if (!fields.summary) errors.summary = 'You must specify a summary of the issue.';
      if (fields.description !== undefined && (fields.description?.type !== 'doc' || fields.description?.version !== 1)) errors.description = 'Operation value must be an Atlassian Document (see the Atlassian Document Format)';
      if (Object.keys(errors).length) return send(400, { errorMessages: [], errors });
      issueNumber += 1;
      const stored: StoredJiraIssue = { id: String(10100 + issueNumber), key: `${project!.key}-${issueNumber}`, projectKey: project!.key, issueTypeId: fields.issuetype!.id!, summary: fields.summary!, description: fields.description!, status: 'To Do', attachments: [], remoteLinks: [] };
      issues.set(stored.key, stored);
      return send(201, { id: stored.id, key: stored.key, self: self(`issue/${stored.id}`) });
    }

    if (issueMatch && !issueMatch[2] && req.method === 'PUT') {
      if (!issue) return notFound();
      const fields: IssueFields = json().fields ?? {};
      if (fields.description !== undefined && (fields.description?.type !== 'doc' || fields.description?.version !== 1)) return send(400, { errorMessages: [], errors: { description: 'Operation value must be an Atlassian Document (see the Atlassian Document Format)' } });
      if (fields.summary !== undefined) issue.summary = fields.summary;
      if (fields.description !== undefined) issue.description = fields.description;
      return send(204);
    }

    if (issueMatch && !issueMatch[2] && req.method === 'GET') {
      if (!issue) return notFound();
      const wanted = (url.searchParams.get('fields') ?? '*all').split(',');
      const all = {
        summary: issue.summary,
        description: issue.description,
        status: { self: self(`status/${JIRA_STATUSES[issue.status].id}`), ...JIRA_STATUSES[issue.status] },
        attachment: issue.attachments.map((a) => ({ id: a.id, filename: a.filename, mimeType: a.mimeType, size: a.content.length, content: self(`attachment/content/${a.id}`) })),
      };
      const fields = Object.fromEntries(Object.entries(all).filter(([k]) => wanted.includes('*all') || wanted.includes(k)));
      return send(200, { id: issue.id, key: issue.key, self: self(`issue/${issue.id}`), fields });
    }

    if (issueMatch?.[2] === 'remotelink' && req.method === 'POST') {
      if (!issue) return notFound();
      const body = json();
      if (!body.object?.url || !body.object?.title) return send(400, { errorMessages: [], errors: { object: 'url and title are required' } });
      const existing = body.globalId ? issue.remoteLinks.find((l) => l.globalId === body.globalId) : undefined;
      if (existing) {
        Object.assign(existing, { relationship: body.relationship, object: body.object });
        return send(200, { id: existing.id, self: self(`issue/${issue.key}/remotelink/${existing.id}`) });
      }
      const link = { id: ++linkNumber, globalId: body.globalId, relationship: body.relationship, object: body.object! };
      issue.remoteLinks.push(link);
      return send(201, { id: link.id, self: self(`issue/${issue.key}/remotelink/${link.id}`) });
    }

    if (issueMatch?.[2] === 'attachments' && req.method === 'POST') {
      if (req.headers['x-atlassian-token'] !== 'no-check') return send(403, { message: 'XSRF check failed' });
      if (!issue) return notFound();
      const form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData().catch(() => undefined);
      const files = (form?.getAll('file') ?? []).filter((f) => typeof f !== 'string') as unknown as { name: string; type: string; arrayBuffer(): Promise<ArrayBuffer> }[];
      if (files.length === 0) return send(400, { errorMessages: ['No file was attached (the multipart part must be named "file").'] });
      if (files.some((f) => refusedFiles.has(f.name))) return send(413, { errorMessages: ['The attachment exceeds the maximum attachment size for this site.'] });
      const added = [];
      for (const file of files) {
        const stored = { id: String(++attachmentNumber), filename: file.name, mimeType: file.type || 'application/octet-stream', content: Buffer.from(await file.arrayBuffer()) };
        issue.attachments.push(stored);
        added.push({ self: self(`attachment/${stored.id}`), id: stored.id, filename: stored.filename, mimeType: stored.mimeType, size: stored.content.length, content: self(`attachment/content/${stored.id}`) });
      }
      return send(200, added);
    }

    const attachmentMatch = /^attachment\/(\d+)$/.exec(path);
    if (attachmentMatch && req.method === 'DELETE') {
      const owner = [...issues.values()].find((i) => i.attachments.some((a) => a.id === attachmentMatch[1]));
      if (!owner) return send(404, { errorMessages: ['The attachment does not exist.'] });
      owner.attachments = owner.attachments.filter((a) => a.id !== attachmentMatch[1]);
      return send(204);
    }

    if (path === 'webhook' && req.method === 'POST') {
      const body = json();
      const results = (body.webhooks ?? []).map((w) => {
        if (!w.jqlFilter || !/^project = "?[A-Z]+"?$/.test(w.jqlFilter) || !w.events?.length) return { errors: ['The JQL filter is not supported for webhooks.'] };
        const hook = { id: ++webhookNumber, url: body.url ?? '', jqlFilter: w.jqlFilter, events: w.events, expiresAt: Date.now() + 30 * DAY };
        webhooks.push(hook);
        return { createdWebhookId: hook.id };
      });
      return send(200, { webhookRegistrationResult: results });
    }
    if (path === 'webhook' && req.method === 'DELETE') {
      const ids = json().webhookIds ?? [];
      const kept = webhooks.filter((w) => !ids.includes(w.id));
      webhooks.splice(0, webhooks.length, ...kept);
      return send(202);
    }
    if (path === 'webhook/refresh' && req.method === 'PUT') {
      const ids = json().webhookIds ?? [];
      const expiresAt = Date.now() + 30 * DAY;
      for (const w of webhooks) if (ids.includes(w.id)) w.expiresAt = expiresAt;
      return send(200, { expirationDate: new Date(expiresAt).toISOString() });
    }

    return send(404, { errorMessages: [`No route for ${req.method} ${url.pathname}`] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    issues: () => [...issues.values()],
    issue: (key) => issues.get(key),
    tokenCalls,
    webhooks: () => webhooks.map((w) => ({ ...w })),
    refuseAttachmentsNamed(filename) {
      refusedFiles.add(filename);
    },
    revokeGrant(code) {
      const grant = grantsByCode.get(code);
      if (!grant) throw new Error(`no grant for code ${code}`);
      grant.revoked = true;
    },
    async transition(key, status, options = {}) {
      const issue = issues.get(key);
      if (!issue) throw new Error(`no issue ${key}`);
      const from = issue.status;
      issue.status = status;
      const matched = webhooks.filter((w) => w.events.includes('jira:issue_updated') && w.jqlFilter.replace(/"/g, '') === `project = ${issue.projectKey}`);
      const responses: Response[] = [];
      for (const target of new Set(matched.map((w) => w.url))) {
        const hooks = matched.filter((w) => w.url === target);
        const now = Math.floor(Date.now() / 1000);
        const jwt = await new SignJWT({ context: {} })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuer(JIRA_SITE.id)
          .setIssuedAt(now)
          .setExpirationTime(now + (options.expiresIn ?? 180))
          .sign(new TextEncoder().encode(options.signWith ?? JIRA_CLIENT.secret));
        const payload = {
          timestamp: Date.now(),
          webhookEvent: 'jira:issue_updated',
          issue_event_type_name: 'issue_generic',
          matchedWebhookIds: hooks.map((w) => w.id),
          issue: { id: issue.id, key: issue.key, self: `https://api.atlassian.com/ex/jira/${JIRA_SITE.id}/rest/api/3/issue/${issue.id}`, fields: { summary: issue.summary, status: JIRA_STATUSES[status] } },
          changelog: { id: String(Date.now()), items: [{ field: 'status', fieldtype: 'jira', from: JIRA_STATUSES[from].id, fromString: from, to: JIRA_STATUSES[status].id, toString: status }] },
        };
        responses.push(await fetch(deliverTo(target), { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}`, 'x-atlassian-webhook-identifier': crypto.randomUUID() }, body: JSON.stringify(payload) }));
      }
      return responses;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
