import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS, type RecordingRequest, type WidgetSettings } from '@showback/contract';
import { startOwnApiProcess, type OwnApiProcess } from './support/api-process.ts';
import { anonymousSession, signIn, signUp, type BrowserSession, type SignedUp } from './support/auth.ts';
import { createRequest, submit, submitBody, tusUpload } from './support/fixtures/recording.ts';
import { exampleOf, loadOperations, schemaNodes, type KnownValues, type Operation, type Schema } from './support/openapi-walk.ts';
import { rawExchange, request, type RawResponse } from './support/raw-http.ts';
import { startStripeServer, type StripeServer } from './support/stripe-server.ts';
import { videoLike } from './support/fixtures/media.ts';

/**
 * Schema-driven fuzzing of the running server (its own process, logging as in production): every operation of
 * /api/openapi.json gets malformed path parameters, query values and bodies generated from its schema, with a
 * signed-in session and without one, plus what no client library sends (malformed request lines, NUL in headers,
 * over-long URLs and headers) and malformed tus requests. Asserted: no 5xx, every error in the one body shape with a
 * product code, nothing logged at error level, the server healthy after. New routes are fuzzed without a new test.
 */

/** Already percent-encoded path segments and query values: NUL, invalid UTF-8, traversal, SQL, huge numbers. */
const RAW_VALUES = [
  '%00', 'a%00b', '%ff', '%ED%A0%80', '%C0%AF', '..', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f%2e%2e', "'%20OR%20'1'%3D'1", '1%3B%20DROP%20TABLE%20users%3B--',
  'x'.repeat(4000), '99999999999999999999', '1e20', '-1', '0', '1.5', '-1e20', '0x10', 'NaN', '', '%20', '%F0%9F%98%80',
  'ffffffff-ffff-ffff-ffff-ffffffffffff', '00000000-0000-0000-0000-000000000000',
];
/** Values for string fields of a JSON body (JSON.stringify writes lone surrogates as \ud800 escapes). */
const BAD_STRINGS = ['a\u0000b', '\u0000', '\ud800', 'x\udc00y', "' OR '1'='1", '../../../etc/passwd', '\u202e\u0007', '', ' ', 'x'.repeat(100_000)];
/** Raw JSON number texts (beyond what JSON.stringify writes). */
const BAD_NUMBERS = ['99999999999999999999', '1e20', '-1e20', '1e400', '-1', '1.5', '2147483648', '9007199254740993', '-0'];
const WRONG_TYPES: unknown[] = [null, true, 12, 'text', [], {}];
const RAW_NUMBER = '__raw_number__';
const ONE_MB = 'x'.repeat(1024 * 1024);
const PRODUCT_CODES = new Set(Object.keys(ERROR_STATUS));
const CONCURRENCY = 8;

interface Case {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Bytes for a raw socket instead of an HTTP client. */
  raw?: string | Buffer;
}

/** A browser (its cookie and CSRF token), or a script with a personal access token and nothing else. */
type Who = { name: 'signed in' | 'anonymous'; session: BrowserSession } | { name: 'access token'; token: string };

const credentials = (who: Who | undefined): Record<string, string> =>
  !who ? {} : 'token' in who ? { authorization: `Bearer ${who.token}` } : { cookie: who.session.cookie, 'x-csrf-token': who.session.csrf };

function fillPath(op: Operation, known: KnownValues, override?: { name: string; raw: string }): string {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (override?.name === name) return override.raw;
    const before = op.path.slice(0, op.path.indexOf(`{${name}}`));
    const value = name === 'id' && before.includes('/submissions/') ? known.submission_id : name === 'id' && before.includes('/requests/') ? known.request_id : known[name];
    return encodeURIComponent(String(value ?? crypto.randomUUID()));
  });
}

function setAt(target: unknown, at: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(target);
  if (at.length === 0) return value;
  let node = copy as Record<string | number, unknown>;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = at[at.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/** Locations in a body (property by property, first array item) with the schema that applies there. */
function* slots(schema: Schema, at: (string | number)[] = []): Generator<{ at: (string | number)[]; schema: Schema; required: boolean }> {
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  const own = choices ? choices.find((c) => c.type !== 'null') ?? schema : schema;
  if (own.type === 'object') {
    const required = new Set((own.required as string[] | undefined) ?? []);
    for (const [name, child] of Object.entries((own.properties as Record<string, Schema> | undefined) ?? {})) {
      yield { at: [...at, name], schema: child, required: required.has(name) };
      yield* slots(child, [...at, name]);
    }
  } else if (own.type === 'array' && own.items) {
    yield* slots(own.items as Schema, [...at, 0]);
  }
}

function typeOf(schema: Schema): string {
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  const own = choices ? choices.find((c) => c.type !== 'null') ?? schema : schema;
  return String(Array.isArray(own.type) ? own.type[0] : own.type);
}

function* operationCases(op: Operation, known: KnownValues): Generator<Case> {
  const name = `${op.method} ${op.path}`;
  const basePath = fillPath(op, known);
  const validBody = op.body ? exampleOf(op.body, known) : undefined;
  // A body naming the page's origin (widget sessions) must come with the same Origin header, as a browser sends it.
  const origin = (validBody as { origin?: unknown } | undefined)?.origin;
  const json: Record<string, string> = { 'content-type': 'application/json', ...(typeof origin === 'string' ? { origin } : {}) };
  const withBody = (body: string | Buffer, headers: Record<string, string> = json) => ({ headers, body });

  for (const param of op.parameters.filter((p) => p.in === 'path')) {
    for (const raw of RAW_VALUES) yield { label: `${name} path ${param.name}`, method: op.method, path: fillPath(op, known, { name: param.name, raw }), ...(op.body ? withBody(JSON.stringify(validBody)) : {}) };
  }
  const queryNames = [...op.parameters.filter((p) => p.in === 'query').map((p) => p.name), 'unknown_param'];
  for (const param of queryNames) {
    for (const raw of RAW_VALUES) yield { label: `${name} query ${param}`, method: op.method, path: `${basePath}?${param}=${raw}` };
    yield { label: `${name} query ${param} twice`, method: op.method, path: `${basePath}?${param}=1&${param}=%00` };
  }
  // A locale prefix goes the same way as the plain path (spec §7).
  yield { label: `${name} locale`, method: op.method, path: `/de${basePath}?page=1e20&q=%00` };

  if (!op.body) {
    if (op.method !== 'GET') yield { label: `${name} unexpected body`, method: op.method, path: basePath, ...withBody('{"a":"\\u0000","b":"\\ud800","c":1e400}') };
    return;
  }
  const raws = ['null', '[]', '"x"', '1', '{', '', '{"a":', `${'['.repeat(10_000)}${']'.repeat(10_000)}`, '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', JSON.stringify({ x: ONE_MB })];
  for (const raw of raws) yield { label: `${name} body ${raw.slice(0, 12)}`, method: op.method, path: basePath, ...withBody(raw) };
  yield { label: `${name} invalid UTF-8 body`, method: op.method, path: basePath, ...withBody(Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80]), Buffer.from('"}')])) };
  for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16', 'application/json\u0000']) {
    yield { label: `${name} content-type ${contentType}`, method: op.method, path: basePath, ...withBody(JSON.stringify(validBody), { 'content-type': contentType.replace('\u0000', '%00') }) };
  }
  for (const slot of slots(op.body)) {
    const at = slot.at.join('.');
    const label = `${name} body ${at}`;
    const send = (value: unknown, rawNumber?: string): Case => {
      const text = JSON.stringify(setAt(validBody, slot.at, value));
      return { label, method: op.method, path: basePath, ...withBody(rawNumber ? text.replace(`"${RAW_NUMBER}"`, rawNumber) : text) };
    };
    if (slot.required) yield send(undefined);
    const type = typeOf(slot.schema);
    for (const value of WRONG_TYPES) if (value === null || typeof value !== type) yield send(value);
    if (type === 'string') for (const value of BAD_STRINGS) yield send(value);
    if (type === 'number' || type === 'integer') for (const raw of BAD_NUMBERS) yield send(RAW_NUMBER, raw);
    if (type === 'object') yield send({ 'a\u0000b': 'x', '\ud800': 1 });
  }
}

/** Requests no HTTP client library sends, and requests over the server's size limits. */
function transportCases(): Case[] {
  const crlf = '\r\n';
  const raw = (label: string, bytes: string | Buffer): Case => ({ label: `transport ${label}`, method: 'RAW', path: '', raw: bytes });
  return [
    raw('garbage request line', `GARBAGE${crlf}${crlf}`),
    raw('unknown HTTP version', `GET /api/health HTTP/9.9${crlf}Host: x${crlf}${crlf}`),
    raw('space in the URL', `GET /api/v1/requests/a b HTTP/1.1${crlf}Host: x${crlf}${crlf}`),
    raw('NUL in a header', `GET /api/v1/users/me HTTP/1.1${crlf}Host: x${crlf}X-A: a\u0000b${crlf}${crlf}`),
    raw('NUL in the URL', `GET /api/v1/requests/a\u0000b HTTP/1.1${crlf}Host: x${crlf}${crlf}`),
    raw('invalid Content-Length', `POST /api/v1/users/sign_in HTTP/1.1${crlf}Host: x${crlf}Content-Length: abc${crlf}${crlf}`),
    raw('Content-Length and chunked', `POST /api/v1/users/sign_in HTTP/1.1${crlf}Host: x${crlf}Content-Length: 3${crlf}Transfer-Encoding: chunked${crlf}${crlf}0${crlf}${crlf}`),
    raw('bytes above ASCII in the cookie', Buffer.concat([Buffer.from(`GET /api/v1/users/me HTTP/1.1${crlf}Host: x${crlf}Cookie: sb_session=`), Buffer.from([0xff, 0xfe, 0x80]), Buffer.from(`${crlf}${crlf}`)])),
    raw('NUL in the session cookie', `GET /api/v1/users/me HTTP/1.1${crlf}Host: x${crlf}Cookie: sb_session=a%00b; sb_csrf=%ED%A0%80${crlf}${crlf}`),
    raw('over-long URL', `GET /api/v1/requests?q=${'a'.repeat(20_000)} HTTP/1.1${crlf}Host: x${crlf}${crlf}`),
    raw('over-long header', `GET /api/health HTTP/1.1${crlf}Host: x${crlf}X-Long: ${'a'.repeat(20_000)}${crlf}${crlf}`),
    raw('over-long upload URL', `PATCH /uploads/${'a'.repeat(20_000)} HTTP/1.1${crlf}Host: x${crlf}${crlf}`),
    { label: 'transport percent-encoding invalid in the path', method: 'GET', path: '/api/v1/requests/%ff' },
    { label: 'transport unknown method', method: 'PROPFIND', path: '/api/v1/requests' },
  ];
}

/** The tus endpoint: malformed Upload-Length, Upload-Metadata, offsets and upload ids. */
function uploadCases(token: string): Case[] {
  const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64');
  const goodMeta = `token ${b64(token)},filetype ${b64('video/mp4')},filename ${b64('a.mp4')}`;
  const tus = { 'tus-resumable': '1.0.0' };
  const cases: Case[] = [];
  for (const length of ['abc', '-1', '1e20', '99999999999999999999', '1.5', '', '0x10', ' 1']) {
    cases.push({ label: 'uploads Upload-Length', method: 'POST', path: '/uploads', headers: { ...tus, 'upload-length': length, 'upload-metadata': goodMeta } });
  }
  const metadata = [
    'token', 'token !!!', 'a b c d', ',,,', `token ${'x'.repeat(10_000)}`, goodMeta.replace(/filename \S+/, `filename ${b64('a\u0000b')}`),
    `${goodMeta.replace(/filename \S+/, `filename ${b64(Buffer.from([0xed, 0xa0, 0x80]))}`)}`, `token ${b64('a\u0000b')},filetype ${b64('video/mp4')}`,
    `token ${b64(token)},filetype ${b64('video/mp4\u0000')}`, `token ${b64(Buffer.from([0xff, 0xfe]))}`,
  ];
  for (const value of metadata) cases.push({ label: 'uploads Upload-Metadata', method: 'POST', path: '/uploads', headers: { ...tus, 'upload-length': '10', 'upload-metadata': value } });
  cases.push({ label: 'uploads no Tus-Resumable', method: 'POST', path: '/uploads', headers: { 'upload-length': '10', 'upload-metadata': goodMeta } });
  cases.push({ label: 'uploads unknown Tus-Resumable', method: 'POST', path: '/uploads', headers: { 'tus-resumable': '0.1', 'upload-length': '10', 'upload-metadata': goodMeta } });
  cases.push({ label: 'uploads Upload-Concat', method: 'POST', path: '/uploads', headers: { ...tus, 'upload-concat': 'final;/uploads/a /uploads/b', 'upload-metadata': goodMeta } });
  cases.push({ label: 'uploads bad Upload-Defer-Length', method: 'POST', path: '/uploads', headers: { ...tus, 'upload-defer-length': '2', 'upload-metadata': goodMeta } });
  for (const id of RAW_VALUES) {
    cases.push({ label: 'uploads PATCH id', method: 'PATCH', path: `/uploads/${id}`, headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: 'abc' });
    cases.push({ label: 'uploads DELETE id', method: 'DELETE', path: `/uploads/${id}`, headers: tus });
  }
  return cases;
}

interface Outcome {
  label: string;
  status: number;
  problem?: string;
}

/** What is wrong with a response, if anything: a 5xx, or an error body that is not the one shape. */
function problemWith(c: Case, res: RawResponse): string | undefined {
  if (res.status >= 500) return `${res.status} ${res.body.slice(0, 300)}`;
  if (res.status === 0) return 'no HTTP response';
  if (res.status < 400 || c.method === 'HEAD') return undefined;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    return `${res.status} body is not JSON: ${res.body.slice(0, 200)}`;
  }
  const shaped = body.statusCode === res.status && typeof body.code === 'string' && PRODUCT_CODES.has(body.code) && typeof body.error === 'string' && typeof body.message === 'string';
  return shaped ? undefined : `${res.status} not the one error shape: ${res.body.slice(0, 300)}`;
}

async function runAll(baseUrl: string, cases: Case[], who: Who | undefined, before?: () => Promise<void>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  await before?.();
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!;
      const headers = { ...credentials(who), ...c.headers };
      const res = c.raw !== undefined ? await rawExchange(baseUrl, c.raw) : await request(baseUrl, c.method, c.path, headers, c.body);
      outcomes.push({ label: `${who?.name ?? 'no cookies'}: ${c.label}`, status: res.status, problem: problemWith(c, res) });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcomes;
}

/** Operations that end the session, delete what others use or turn the recipient's link off go last. */
const destructive = (op: Operation) => op.method === 'DELETE' || /\/(revoke|archive)$/.test(op.path);
const destructiveLast = (a: Operation, b: Operation) => Number(destructive(a)) - Number(destructive(b));

describe('fuzzing every operation of the OpenAPI document', () => {
  let server: OwnApiProcess;
  let stripe: StripeServer;
  let operations: Operation[];

  beforeAll(async () => {
    stripe = await startStripeServer();
    server = await startOwnApiProcess({
      WORKERS: 'false',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      // The limiters have tests of their own; here they would answer 429 before the input reaches the code under test.
      RATE_LIMIT_PER_IP: '1000000',
      RATE_LIMIT_PER_EMAIL: '1000000',
      WIDGET_SESSIONS_PER_IP: '1000000',
      WIDGET_SESSIONS_PER_KEY: '1000000',
      ACCESS_TOKEN_REQUESTS_PER_MINUTE: '1000000',
    });
    operations = (await loadOperations(server.url)).sort(destructiveLast);
  });

  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  it('gives every numeric input of the API a minimum and a maximum', () => {
    const unbounded: string[] = [];
    for (const op of operations) {
      const inputs = [...op.parameters.map((p) => ({ where: `${p.in} ${p.name}`, schema: p.schema })), ...(op.body ? [{ where: 'body', schema: op.body }] : [])];
      for (const input of inputs) {
        for (const node of schemaNodes(input.schema)) {
          const types = [node.schema.type].flat();
          if (!types.includes('integer') && !types.includes('number')) continue;
          // One allowed value (a union of literals, like a thumbnail's width) is bounded by itself.
          if (typeof node.schema.const === 'number' || (Array.isArray(node.schema.enum) && node.schema.enum.every((v) => typeof v === 'number'))) continue;
          if (typeof node.schema.minimum !== 'number' || typeof node.schema.maximum !== 'number') unbounded.push(`${op.method} ${op.path} ${input.where} ${node.at}`);
        }
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('answers thousands of malformed requests with 4xx in the one error shape, logs no error and stays healthy', { timeout: 240_000 }, async () => {
    const started = Date.now();
    const owner: SignedUp = await signUp(server);
    const request: RecordingRequest = await createRequest(server.url, owner);
    const uploadId = await tusUpload(server.url, videoLike(Buffer.alloc(2048, 7)), { token: request.token });
    const submitted = await submit(server.url, request.token, submitBody(uploadId));
    expect(submitted.status).toBe(201);
    const submission = (await submitted.json()) as { id: string };
    const widget = (await (await fetch(`${server.url}/api/v1/widget/setup`, { method: 'POST', headers: owner.headers })).json()) as WidgetSettings;
    // An upload not submitted yet: a fuzzed submission that passes validation reaches the insert with real numbers and text.
    const freshUploadId = await tusUpload(server.url, videoLike(Buffer.alloc(2048, 8)), { token: request.token });
    const known: KnownValues = { request_id: request.id, submission_id: submission.id, token: request.token, upload_id: freshUploadId, mime_type: 'video/webm;codecs=vp9,opus', key: widget.key, email: owner.user.email, password: owner.password, current_password: owner.password };

    const created = await fetch(`${server.url}/api/v1/users/me/access_tokens`, { method: 'POST', headers: owner.headers, body: JSON.stringify({ name: 'fuzz', scope: 'write', expires_in_days: 7 }) });
    const script: Who = { name: 'access token', token: ((await created.json()) as { token: string }).token };
    let signedIn: Who & { session: BrowserSession } = { name: 'signed in', session: owner };
    const anonymous: Who = { name: 'anonymous', session: await anonymousSession(server) };
    // A fuzzed call may sign the owner out (sign_out takes no input to break); sign in again before the next operation.
    const stillSignedIn = async () => {
      const me = await fetch(`${server.url}/api/v1/users/me`, { headers: signedIn.session.headers });
      if (me.status === 200) return;
      signedIn = { name: 'signed in', session: await signIn(server, owner.user.email, owner.password).catch(() => signUp(server)) };
    };

    const outcomes: Outcome[] = [];
    for (const op of operations) {
      const cases = [...operationCases(op, known)];
      outcomes.push(...(await runAll(server.url, cases, signedIn, stillSignedIn)));
      outcomes.push(...(await runAll(server.url, cases, anonymous)));
      if (op.bearer) outcomes.push(...(await runAll(server.url, cases, script)));
    }
    outcomes.push(...(await runAll(server.url, transportCases(), undefined)));
    outcomes.push(...(await runAll(server.url, uploadCases(request.token), undefined)));

    const health = await fetch(`${server.url}/api/health`);
    const logged = server.output().split('\n').flatMap((line) => {
      try {
        return [JSON.parse(line) as { level: number; msg: string; err?: { message?: string } }];
      } catch {
        return [];
      }
    });
    const errorLines = logged.filter((line) => line.level >= 50).map((line) => `${line.msg}: ${line.err?.message ?? ''}`.slice(0, 200));

    const byStatus: Record<number, number> = {};
    for (const o of outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
    const problems = outcomes.filter((o) => o.problem).map((o) => `${o.label} → ${o.problem!}`);
    console.log(`fuzz (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${outcomes.length} requests over ${operations.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s; status counts ${JSON.stringify(byStatus)}; ${problems.length} problems; ${errorLines.length} error log lines; ${logged.filter((l) => l.level === 40).length} warnings`);
    if (problems.length) console.log([...new Set(problems)].slice(0, 80).join('\n'));
    if (errorLines.length) console.log([...new Set(errorLines)].slice(0, 30).join('\n'));

    expect(outcomes.length).toBeGreaterThan(3000);
    expect(problems).toEqual([]);
    expect(errorLines).toEqual([]);
    expect(health.status).toBe(200);
  });
});
