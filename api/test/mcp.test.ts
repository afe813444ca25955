import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CreatedAccessToken } from '@showback/contract';
import { signUp, type SignedUp } from './support/auth.ts';
import { CAPTURED_PAGE_EVENTS, json } from './support/fixtures/recording.ts';
import { recordAndProcess, speechVideo, waitForTranscript } from './support/fixtures/speech.ts';
import { mediaFile } from './support/fixtures/media.ts';
import { startLocalS3, type LocalS3 } from './support/s3-server.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The MCP server at /mcp, driven by the official SDK's own client over Streamable HTTP against the running product,
 * on a real recording (a processed video with speech, and the page's console, network and navigation events).
 */
const PAGE_EVENTS = [
  ...CAPTURED_PAGE_EVENTS,
  { kind: 'error', t: 1800, cause: 'error', message: 'ReferenceError: total is not defined', stack: 'at checkout (app.js:10:5)', source: 'https://app.example.test/app.js', line: 10, column: 5 },
  { kind: 'navigation', t: 300, url: 'https://app.example.test/cart', trigger: 'push' },
  { kind: 'network', t: 2700, transport: 'fetch', method: 'POST', url: 'https://api.example.test/orders', status: 422, duration_ms: 90, request_body: 'x'.repeat(3000), response_body: '{"error":"card declined"}' },
];

async function connect(t: TestApp, token: string): Promise<Client> {
  const client = new Client({ name: 'showback-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

async function makeToken(t: TestApp, person: SignedUp, scope: 'read' | 'write'): Promise<string> {
  const res = await fetch(`${t.url}/api/v1/users/me/access_tokens`, { method: 'POST', headers: person.headers, body: JSON.stringify({ name: `agent ${scope}`, scope, expires_in_days: 7 }) });
  return (await json<CreatedAccessToken>(res)).token;
}

/** A tool's JSON answer (its first text content). */
function answer<T = Record<string, unknown>>(result: CallToolResult): T {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  const text = result.content.find((c) => c.type === 'text');
  return JSON.parse((text as { text: string }).text) as T;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;

describe('the MCP server', () => {
  let t: TestApp;
  let owner: SignedUp;
  let recordingId: string;
  let writer: Client;
  let reader: Client;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t);
    const video = await speechVideo([{ atSeconds: 0.5, text: 'the save button does nothing' }], 4);
    recordingId = await recordAndProcess(t, owner, video, { events: PAGE_EVENTS, source: 'link', metadata: { plan: 'enterprise', app_version: '4.2.1' } });
    expect((await waitForTranscript(t, owner, recordingId)).status).toBe('ready');
    writer = await connect(t, await makeToken(t, owner, 'write'));
    reader = await connect(t, await makeToken(t, owner, 'read'));
  }, 180_000);
  afterAll(async () => {
    await writer?.close();
    await reader?.close();
    await t?.close();
  });

  it('initializes and lists the tools the token’s scope allows', async () => {
    expect(writer.getServerVersion()).toMatchObject({ name: 'showback' });
    const all = (await writer.listTools()).tools;
    expect(all.map((tool) => tool.name)).toEqual(['list_recordings', 'get_recording', 'get_console_logs', 'get_network_requests', 'get_user_actions', 'get_transcript', 'get_screen_at', 'create_recording_request']);
    for (const tool of all) {
      expect(tool.description!.length).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe('object');
    }
    expect((await reader.listTools()).tools.map((tool) => tool.name)).not.toContain('create_recording_request');
  });

  it('lists and searches recordings, with paging and the has-errors filter', async () => {
    const list = answer<{ items: { id: string; sender: { email: string } }[]; total: number; next_page: number | null }>(await call(reader, 'list_recordings', {}));
    expect(list).toMatchObject({ total: 1, next_page: null });
    expect(list.items[0]).toMatchObject({ id: recordingId, sender: { email: 'ada@example.test' } });
    expect(answer<{ total: number }>(await call(reader, 'list_recordings', { has_errors: true, state: 'ready' })).total).toBe(1);
    expect(answer<{ total: number }>(await call(reader, 'list_recordings', { has_errors: false })).total).toBe(0);
    expect(answer<{ total: number }>(await call(reader, 'list_recordings', { query: 'Ada', submitted_after: '2000-01-01T00:00:00Z' })).total).toBe(1);
    expect(answer<{ total: number }>(await call(reader, 'list_recordings', { metadata: ['plan:enterprise', 'app_version:4.2.1'] })).total).toBe(1);
    expect(answer<{ total: number }>(await call(reader, 'list_recordings', { metadata: ['plan:free'] })).total).toBe(0);
    expect((await call(reader, 'list_recordings', { metadata: ['no colon'] })).isError).toBe(true);
    const bad = await call(reader, 'list_recordings', { per_page: 1000 });
    expect(bad.isError).toBe(true);
  });

  it('gives a recording’s overview, its console, network, actions and transcript', async () => {
    const overview = answer<{ links: { dashboard: string } }>(await call(reader, 'get_recording', { recording_id: recordingId }));
    expect(overview).toMatchObject({ id: recordingId, state: 'ready', sender: { name: 'Ada', note: 'Saving fails' }, page: { captured: { errors: 2, network_requests: 3, failed_requests: 2, navigations: 1 } } });
    expect(overview.links.dashboard).toBe(`${t.config.publicUrl}/my/recordings/${recordingId}`);

    const console = answer<{ items: { level: string; message: string; t_seconds: number }[] }>(await call(reader, 'get_console_logs', { recording_id: recordingId, levels: ['error'] }));
    expect(console.items.map((item) => [item.t_seconds, item.message])).toEqual([[1.2, 'TypeError: cart is undefined'], [1.8, 'ReferenceError: total is not defined']]);
    expect(answer<{ items: unknown[] }>(await call(reader, 'get_console_logs', { recording_id: recordingId, text: 'TOTAL' })).items).toHaveLength(1);

    const failed = answer<{ items: { index: number; status: number; request_body?: string }[] }>(await call(reader, 'get_network_requests', { recording_id: recordingId, failed_only: true, include_bodies: true }));
    expect(failed.items.map((item) => item.status)).toEqual([502, 422]);
    const cutBody = failed.items[1]!.request_body!;
    expect(cutBody).toMatch(/\[cut: 2000 more characters; call get_network_requests with index=\d+ and include_bodies=true/);
    const whole = answer<{ request_body: string; response_body: string }>(await call(reader, 'get_network_requests', { recording_id: recordingId, index: failed.items[1]!.index, include_bodies: true }));
    expect(whole.request_body).toHaveLength(3000);
    expect(answer<{ items: unknown[] }>(await call(reader, 'get_network_requests', { recording_id: recordingId, host: 'api.example.test', method: 'post' })).items).toHaveLength(1);

    const actions = answer<{ items: { url: string }[] }>(await call(reader, 'get_user_actions', { recording_id: recordingId }));
    expect(actions.items.map((item) => item.url)).toEqual(['https://app.example.test/cart']);

    const text = answer<{ transcript: string }>(await call(reader, 'get_transcript', { recording_id: recordingId }));
    expect(text.transcript).toMatch(/^\[00:0\d\] .*save/im);
    const vtt = answer<{ transcript: string }>(await call(reader, 'get_transcript', { recording_id: recordingId, format: 'webvtt' }));
    expect(vtt.transcript).toMatch(/^WEBVTT\n\n1\n00:00:0\d\.\d{3} --> /);
  });

  it('shows the screen at 2 s as a JPEG of the video’s size, made once and kept', async () => {
    const result = await call(reader, 'get_screen_at', { recording_id: recordingId, at_seconds: 2 });
    const image = result.content.find((c) => c.type === 'image') as { data: string; mimeType: string };
    expect(image.mimeType).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(image.data, 'base64')).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 240 });

    const rows = await t.app.ctx.db.selectFrom('submission_frames').select(['at_ms', 'key']).where('submission_id', '=', recordingId).execute();
    expect(rows).toEqual([{ at_ms: 2000, key: expect.stringMatching(/\/frames\/2000\.jpg$/) }]);
    // The second answer is the stored file: replace it and the tool answers the replacement.
    const marker = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } }).jpeg().toBuffer();
    await t.app.ctx.storage.put(rows[0]!.key, marker, { contentType: 'image/jpeg' });
    const again = (await call(reader, 'get_screen_at', { recording_id: recordingId, at_seconds: 2.04 })).content.find((c) => c.type === 'image') as { data: string };
    expect(Buffer.from(again.data, 'base64').equals(marker)).toBe(true);

    const late = await call(reader, 'get_screen_at', { recording_id: recordingId, at_seconds: 60 });
    expect(late.isError).toBe(true);
  });

  it('creates a recording request with a write token, and not with a read one', async () => {
    const made = answer<{ id: string; link_url: string }>(await call(writer, 'create_recording_request', { title: 'Show us the checkout bug' }));
    expect(made.link_url).toMatch(/\/r\/[\w-]+$/);
    const row = await t.app.ctx.db.selectFrom('recording_requests').select(['title', 'created_by']).where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Show us the checkout bug', created_by: owner.user.id });
    const refused = await call(reader, 'create_recording_request', { title: 'Nope' });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toMatch(/write scope/);
  });

  it('answers "not found" for another account’s recording', async () => {
    const other = await signUp(t);
    const theirs = await connect(t, await makeToken(t, other, 'read'));
    try {
      for (const name of ['get_recording', 'get_console_logs', 'get_network_requests', 'get_transcript']) {
        const result = await call(theirs, name, { recording_id: recordingId });
        expect(result.isError, name).toBe(true);
        expect(JSON.stringify(result.content), name).toMatch(/not found/i);
      }
      expect((await call(theirs, 'get_screen_at', { recording_id: recordingId, at_seconds: 1 })).isError).toBe(true);
      expect(answer<{ total: number }>(await call(theirs, 'list_recordings', {})).total).toBe(0);
    } finally {
      await theirs.close();
    }
  });

  it('deletes the kept frames with the recording', async () => {
    const { key } = await t.app.ctx.db.selectFrom('submission_frames').select('key').where('submission_id', '=', recordingId).executeTakeFirstOrThrow();
    expect(await t.app.ctx.storage.stat(key)).toBeDefined();
    const deleted = await fetch(`${t.url}/api/v1/submissions/${recordingId}`, { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    expect(deleted.status).toBe(204);
    expect(await t.app.ctx.storage.stat(key)).toBeUndefined();
  });

  it('answers 401 with a Bearer challenge without a token or with a bad one, and takes no cookie', async () => {
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } } });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    for (const extra of [{}, { cookie: owner.cookie }, { authorization: 'Bearer shb_pat_nope' }] as Record<string, string>[]) {
      const res = await fetch(`${t.url}/mcp`, { method: 'POST', headers: { ...headers, ...extra }, body: initialize });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="Showback"/);
      expect(await res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    }
    await expect(connect(t, 'shb_pat_nope')).rejects.toThrow(/401|invalid|not valid/i);
  });

  it('refuses a request from another site’s page (DNS rebinding), and serves its own origin', async () => {
    const token = await makeToken(t, owner, 'read');
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` };
    const foreign = await fetch(`${t.url}/mcp`, { method: 'POST', headers: { ...headers, origin: 'http://evil.example' }, body: list });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ code: 'FORBIDDEN' });
    const own = await fetch(`${t.url}/mcp`, { method: 'POST', headers: { ...headers, origin: new URL(t.config.publicUrl).origin }, body: list });
    expect(own.status).toBe(200);
    const get = await fetch(`${t.url}/mcp`, { headers: { authorization: `Bearer ${token}` } });
    expect(get.status).toBe(405);
  });
});

describe('the screen at a moment, with the videos on S3', () => {
  let s3: LocalS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await startTestApp({}, s3.env);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('reads the frame from a presigned URL of the video and keeps it in the bucket', async () => {
    const owner = await signUp(t);
    const id = await recordAndProcess(t, owner, await mediaFile('h264-opus-fmp4', 3, '320x240'));
    const client = await connect(t, await makeToken(t, owner, 'read'));
    try {
      const result = await call(client, 'get_screen_at', { recording_id: id, at_seconds: 1.5 });
      const image = result.content.find((c) => c.type === 'image') as { data: string };
      expect(await sharp(Buffer.from(image.data, 'base64')).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
      expect((await s3.keys()).filter((key) => key.endsWith('/frames/1500.jpg'))).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});
