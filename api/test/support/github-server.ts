import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const GITHUB_CLIENT = { id: 'Iv1.showback0github', secret: 'github-client-secret', webhookSecret: 'gh-webhook-secret-for-tests' };
export const GITHUB_USER = { id: 583231, login: 'octo-support' };

interface StoredRepository {
  id: number;
  name: string;
  owner: string;
  private: boolean;
  has_issues: boolean;
  archived: boolean;
  admin: boolean;
}

/** The repositories the connected user reaches, most recently pushed first; the sandboxes make the list span two pages. */
export const GITHUB_REPOSITORIES: StoredRepository[] = [
  { id: 9001, owner: 'acme', name: 'shop', private: true, has_issues: true, archived: false, admin: true },
  { id: 9002, owner: 'acme', name: 'docs', private: false, has_issues: true, archived: false, admin: false },
  { id: 9003, owner: 'acme', name: 'legacy', private: true, has_issues: true, archived: true, admin: true },
  { id: 9004, owner: 'acme', name: 'wiki-only', private: false, has_issues: false, archived: false, admin: true },
  ...Array.from({ length: 100 }, (_, i) => ({ id: 9100 + i, owner: GITHUB_USER.login, name: `sandbox-${i}`, private: false, has_issues: true, archived: false, admin: true })),
];

/** The product's configuration for this local GitHub. */
export const githubEnv = (github: Pick<GitHubServer, 'webUrl' | 'apiUrl'>): Record<string, string> => ({
  GITHUB_CLIENT_ID: GITHUB_CLIENT.id,
  GITHUB_CLIENT_SECRET: GITHUB_CLIENT.secret,
  GITHUB_WEBHOOK_SECRET: GITHUB_CLIENT.webhookSecret,
  GITHUB_URL: github.webUrl,
  GITHUB_API_URL: github.apiUrl,
});

export interface StoredIssue {
  number: number;
  repositoryId: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  state_reason: string | null;
  creator: string;
  deleted: boolean;
}

interface Hook {
  id: number;
  repositoryId: number;
  url: string;
  secret: string;
  events: string[];
  contentType: string;
}

export interface GitHubCall {
  method: string;
  path: string;
  token: string | undefined;
}

export interface GitHubServer {
  /** GITHUB_URL: /login/oauth/authorize (the consent page) and /login/oauth/access_token. */
  webUrl: string;
  /** GITHUB_API_URL: the REST API, Octokit's baseUrl. */
  apiUrl: string;
  calls: GitHubCall[];
  issues(fullName: string): StoredIssue[];
  hooks(fullName: string): Hook[];
  /** Someone closes (with a reason) or reopens the issue on GitHub; its `issues` event goes to the repository's hooks. */
  setState(fullName: string, number: number, state: 'open' | 'closed', reason: string | null, options?: { signWith?: string; deliveryId?: string }): Promise<Response[]>;
  /** The issue is deleted on GitHub: reading or editing it answers 410 Gone. */
  deleteIssue(fullName: string, number: number): void;
  tokenWorks(token: string): boolean;
  /** Every token issued so far stops working (the user revoked the OAuth app in their settings). */
  revokeAll(): void;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-github-media-type': 'github.v3; format=json', 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '4999', ...headers });
  res.end(status === 204 ? undefined : JSON.stringify(body));
};

const DOCS = 'https://docs.github.com/rest';

/**
 * A local GitHub, written from GitHub's REST and OAuth documentation (no OpenAPI-driven server exists to run): the
 * web flow's consent page and POST /login/oauth/access_token (one-use codes bound to their redirect_uri, refusals as
 * GitHub answers them: 200 with `error`), the REST calls Showback makes with `Authorization: token …` (401 "Bad
 * credentials" for a revoked token), /user/repos paginated by `Link` headers, repositories, repository webhooks
 * (admins only, others get 404 as on GitHub; one per URL, a second is refused with 422 "Hook already exists"), issues (create, edit, list by creator, 410 for a deleted one) and
 * DELETE /applications/{client_id}/grant authenticated with the app's Basic credentials. An issue's change is
 * delivered to the repository's hooks signed with X-Hub-Signature-256, as GitHub delivers it.
 */
export async function startGitHubServer(options: { rewriteHookUrl?: (url: string) => string } = {}): Promise<GitHubServer> {
  const calls: GitHubCall[] = [];
  const codes = new Map<string, { redirect: string; scope: string; challenge: string | null }>();
  const tokens = new Map<string, { revoked: boolean }>();
  const issues: StoredIssue[] = [];
  const hooks: Hook[] = [];
  let hookId = 40_000;
  let origin = '';

  const fullName = (r: StoredRepository) => `${r.owner}/${r.name}`;
  const repoByName = (name: string) => GITHUB_REPOSITORIES.find((r) => fullName(r).toLowerCase() === name.toLowerCase());
  const repoJson = (r: StoredRepository) => ({
    id: r.id,
    node_id: `R_${r.id}`,
    name: r.name,
    full_name: fullName(r),
    private: r.private,
    owner: { login: r.owner, id: r.owner === GITHUB_USER.login ? GITHUB_USER.id : 100, type: r.owner === GITHUB_USER.login ? 'User' : 'Organization' },
    html_url: `${origin}/${fullName(r)}`,
    has_issues: r.has_issues,
    archived: r.archived,
    permissions: { admin: r.admin, push: true, pull: true },
  });
  const issueJson = (r: StoredRepository, i: StoredIssue) => ({
    id: r.id * 1000 + i.number,
    node_id: `I_${r.id}_${i.number}`,
    number: i.number,
    title: i.title,
    body: i.body,
    state: i.state,
    state_reason: i.state_reason,
    user: { login: i.creator },
    html_url: `${origin}/${fullName(r)}/issues/${i.number}`,
    url: `${origin}/repos/${fullName(r)}/issues/${i.number}`,
  });
  const tokenWorks = (token: string) => tokens.get(token)?.revoked === false;

  const deliver = async (r: StoredRepository, payload: object, signWith?: string, deliveryId?: string) => {
    const body = JSON.stringify(payload);
    return Promise.all(
      hooks
        .filter((h) => h.repositoryId === r.id && h.events.includes('issues'))
        .map((h) =>
          fetch(options.rewriteHookUrl ? options.rewriteHookUrl(h.url) : h.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'user-agent': 'GitHub-Hookshot/test',
              'x-github-event': 'issues',
              'x-github-delivery': deliveryId ?? crypto.randomUUID(),
              'x-github-hook-id': String(h.id),
              'x-hub-signature-256': `sha256=${crypto.createHmac('sha256', signWith ?? h.secret).update(body).digest('hex')}`,
            },
            body,
          }),
        ),
    );
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');

    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const q = url.searchParams;
      const redirect = q.get('redirect_uri') ?? '';
      if (q.get('client_id') !== GITHUB_CLIENT.id || !redirect) {
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('<!doctype html><title>GitHub</title><p>The application you are trying to access does not exist.</p>');
      }
      const code = crypto.randomBytes(10).toString('hex');
      codes.set(code, { redirect, scope: q.get('scope') ?? '', challenge: q.get('code_challenge_method') === 'S256' ? q.get('code_challenge') : null });
      const back = (params: Record<string, string>) => {
        const target = new URL(redirect);
        for (const [k, v] of Object.entries({ ...params, state: q.get('state') ?? '' })) target.searchParams.set(k, v);
        return target.toString().replace(/&/g, '&amp;');
      };
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<!doctype html><title>Authorize application</title><h1>Authorize Showback</h1><p>Scopes: ${q.get('scope')}</p>
<a href="${back({ code })}">Authorize</a> <a href="${back({ error: 'access_denied', error_description: 'The user has denied your application access.' })}">Cancel</a>`);
    }

    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const form = (req.headers['content-type'] ?? '').startsWith('application/json') ? (JSON.parse(raw || '{}') as Record<string, string>) : Object.fromEntries(new URLSearchParams(raw));
      calls.push({ method: 'POST', path: url.pathname, token: undefined });
      // GitHub answers these refusals with 200 and an `error` in the body.
      if (form.client_id !== GITHUB_CLIENT.id || form.client_secret !== GITHUB_CLIENT.secret) return json(res, 200, { error: 'incorrect_client_credentials', error_description: 'The client_id and/or client_secret passed are incorrect.' });
      const grant = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      if (!grant) return json(res, 200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
      if (grant.redirect !== form.redirect_uri) return json(res, 200, { error: 'redirect_uri_mismatch', error_description: 'The redirect_uri MUST match the registered callback URL for this application.' });
      // PKCE: a code asked for with a challenge is only exchanged with its verifier.
      if (grant.challenge !== null && crypto.createHash('sha256').update(form.code_verifier ?? '').digest('base64url') !== grant.challenge) return json(res, 200, { error: 'bad_verification_code', error_description: 'The code_verifier does not match the code_challenge.' });
      const token = `gho_${crypto.randomBytes(18).toString('base64url')}`;
      tokens.set(token, { revoked: false });
      if (!(req.headers.accept ?? '').includes('application/json')) {
        res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' });
        return res.end(new URLSearchParams({ access_token: token, scope: grant.scope.replace(/ /g, ','), token_type: 'bearer' }).toString());
      }
      return json(res, 200, { access_token: token, scope: grant.scope.replace(/ /g, ','), token_type: 'bearer' });
    }

    // The app revokes a user's grant with its own Basic credentials.
    const grantPath = /^\/applications\/([^/]+)\/grant$/.exec(url.pathname);
    if (req.method === 'DELETE' && grantPath) {
      calls.push({ method: 'DELETE', path: url.pathname, token: undefined });
      const expected = `basic ${Buffer.from(`${GITHUB_CLIENT.id}:${GITHUB_CLIENT.secret}`).toString('base64')}`;
      if (grantPath[1] !== GITHUB_CLIENT.id || (req.headers.authorization ?? '').toLowerCase() !== expected.toLowerCase()) return json(res, 404, { message: 'Not Found', documentation_url: DOCS });
      const token = (JSON.parse(raw || '{}') as { access_token?: string }).access_token ?? '';
      if (!tokens.has(token)) return json(res, 422, { message: 'Validation Failed', errors: [{ resource: 'Authorization', code: 'invalid', field: 'access_token' }], documentation_url: DOCS });
      for (const t of tokens.values()) t.revoked = true;
      return json(res, 204, undefined);
    }

    const token = /^(?:token|bearer) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    calls.push({ method: req.method ?? 'GET', path: url.pathname, token });
    if (!token || !tokenWorks(token)) return json(res, 401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' });
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};

    if (req.method === 'GET' && url.pathname === '/user') return json(res, 200, { login: GITHUB_USER.login, id: GITHUB_USER.id, type: 'User', name: 'Octo Support' });

    if (req.method === 'GET' && url.pathname === '/user/repos') {
      const perPage = Math.min(100, Number(url.searchParams.get('per_page')) || 30);
      const page = Number(url.searchParams.get('page')) || 1;
      const last = Math.ceil(GITHUB_REPOSITORIES.length / perPage);
      const link = (p: number, rel: string) => {
        const next = new URL(`${origin}/user/repos`);
        for (const [k, v] of url.searchParams) next.searchParams.set(k, v);
        next.searchParams.set('page', String(p));
        return `<${next}>; rel="${rel}"`;
      };
      const links = [...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []), ...(page > 1 ? [link(1, 'first'), link(page - 1, 'prev')] : [])];
      return json(res, 200, GITHUB_REPOSITORIES.slice((page - 1) * perPage, page * perPage).map(repoJson), links.length ? { link: links.join(', ') } : {});
    }

    const inRepo = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(url.pathname);
    const repository = inRepo ? repoByName(`${inRepo[1]}/${inRepo[2]}`) : undefined;
    if (!inRepo || !repository) return json(res, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
    const rest = inRepo[3] ?? '';

    if (req.method === 'GET' && rest === '') return json(res, 200, repoJson(repository));

    if (rest === '/hooks' || rest.startsWith('/hooks/')) {
      if (!repository.admin) return json(res, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
      const hookJson = (hook: Hook) => ({ id: hook.id, type: 'Repository', name: 'web', active: true, events: hook.events, config: { url: hook.url, content_type: hook.contentType, insecure_ssl: '0', secret: '********' } });
      if (req.method === 'GET' && rest === '/hooks') return json(res, 200, hooks.filter((h) => h.repositoryId === repository.id).map(hookJson));
      if (req.method === 'POST' && rest === '/hooks') {
        const config = (body.config ?? {}) as Record<string, string>;
        if (body.name !== 'web' || !config.url || !Array.isArray(body.events)) return json(res, 422, { message: 'Validation Failed', documentation_url: DOCS });
        if (hooks.some((h) => h.repositoryId === repository.id && h.url === config.url)) {
          return json(res, 422, { message: 'Validation Failed', errors: [{ resource: 'Hook', code: 'custom', message: 'Hook already exists on this repository' }], documentation_url: DOCS });
        }
        const hook: Hook = { id: ++hookId, repositoryId: repository.id, url: config.url, secret: config.secret ?? '', events: body.events as string[], contentType: config.content_type ?? 'form' };
        hooks.push(hook);
        return json(res, 201, hookJson(hook));
      }
      const at = hooks.findIndex((h) => h.repositoryId === repository.id && `/hooks/${h.id}` === rest);
      if (req.method === 'DELETE' && at >= 0) {
        hooks.splice(at, 1);
        return json(res, 204, undefined);
      }
      return json(res, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
    }

    if (!repository.has_issues && rest.startsWith('/issues')) return json(res, 410, { message: 'Issues are disabled for this repo', documentation_url: DOCS, status: '410' });
    if (req.method === 'GET' && rest === '/issues') {
      const creator = url.searchParams.get('creator');
      const state = url.searchParams.get('state') ?? 'open';
      const perPage = Math.min(100, Number(url.searchParams.get('per_page')) || 30);
      const found = issues
        .filter((i) => i.repositoryId === repository.id && !i.deleted && (!creator || i.creator === creator) && (state === 'all' || i.state === state))
        .sort((a, b) => (url.searchParams.get('direction') === 'asc' ? a.number - b.number : b.number - a.number))
        .slice(0, perPage);
      return json(res, 200, found.map((i) => issueJson(repository, i)));
    }
    if (req.method === 'POST' && rest === '/issues') {
      if (typeof body.title !== 'string' || !body.title) return json(res, 422, { message: 'Validation Failed', errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }], documentation_url: DOCS });
      const issue: StoredIssue = { number: issues.filter((i) => i.repositoryId === repository.id).length + 1, repositoryId: repository.id, title: body.title, body: String(body.body ?? ''), state: 'open', state_reason: null, creator: GITHUB_USER.login, deleted: false };
      issues.push(issue);
      return json(res, 201, issueJson(repository, issue), { location: `${origin}/repos/${fullName(repository)}/issues/${issue.number}` });
    }
    const one = /^\/issues\/(\d+)$/.exec(rest);
    const issue = one ? issues.find((i) => i.repositoryId === repository.id && i.number === Number(one[1])) : undefined;
    if (one && issue?.deleted) return json(res, 410, { message: 'This issue was deleted', documentation_url: DOCS, status: '410' });
    if (one && issue && req.method === 'GET') return json(res, 200, issueJson(repository, issue));
    if (one && issue && req.method === 'PATCH') {
      if (typeof body.title === 'string') issue.title = body.title;
      if (typeof body.body === 'string') issue.body = body.body;
      return json(res, 200, issueJson(repository, issue));
    }
    return json(res, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const repositoryOf = (name: string) => {
    const r = repoByName(name);
    if (!r) throw new Error(`no repository ${name}`);
    return r;
  };
  return {
    webUrl: origin,
    apiUrl: origin,
    calls,
    issues: (name) => issues.filter((i) => i.repositoryId === repositoryOf(name).id && !i.deleted),
    hooks: (name) => hooks.filter((h) => h.repositoryId === repositoryOf(name).id),
    async setState(name, number, state, reason, options = {}) {
      const r = repositoryOf(name);
      const issue = issues.find((i) => i.repositoryId === r.id && i.number === number);
      if (!issue) throw new Error(`no issue ${name}#${number}`);
      issue.state = state;
      issue.state_reason = reason;
      const action = state === 'closed' ? 'closed' : 'reopened';
      return deliver(r, { action, issue: issueJson(r, issue), repository: repoJson(r), sender: { login: GITHUB_USER.login, id: GITHUB_USER.id } }, options.signWith, options.deliveryId);
    },
    deleteIssue(name, number) {
      const issue = issues.find((i) => i.repositoryId === repositoryOf(name).id && i.number === number);
      if (issue) issue.deleted = true;
    },
    tokenWorks,
    revokeAll() {
      for (const t of tokens.values()) t.revoked = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
