import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from './support/auth.ts';
import { startOpenAiServer, type OpenAiServer } from './support/openai-server.ts';
import { recordAndProcess, speechVideo, spokenWords, waitForTranscript } from './support/fixtures/speech.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const SENTENCE = 'when I click the save button on the billing page nothing happens and I see an error that says payment failed';

function apiEnv(server: OpenAiServer, extra: Record<string, string> = {}): Record<string, string> {
  return { TRANSCRIPTION_API_URL: server.url, TRANSCRIPTION_API_KEY: 'sk-test', TRANSCRIPTION_MODEL: 'whisper-large-v3', ...extra };
}

describe('transcripts through an OpenAI-compatible endpoint (official client, local server)', () => {
  let server: OpenAiServer;
  let t: TestApp;
  let owner: SignedUp;
  beforeAll(async () => {
    server = await startOpenAiServer();
    t = await startTestApp({}, apiEnv(server));
    owner = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it('uploads 16 kHz mono WAV as multipart with verbose_json and word+segment granularity; keeps the endpoint\'s segments with word times on the video clock', async () => {
    server.calls.length = 0;
    const id = await recordAndProcess(t, owner, await speechVideo([{ atSeconds: 2, text: SENTENCE }], 10));
    const transcript = await waitForTranscript(t, owner, id);
    expect(transcript).toMatchObject({ status: 'ready', engine: 'api:whisper-large-v3', error: null });

    expect(server.calls).toHaveLength(1);
    const call = server.calls[0]!;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/audio/transcriptions', authorization: 'Bearer sk-test' });
    expect(call.fields).toMatchObject({ model: 'whisper-large-v3', response_format: 'verbose_json', 'timestamp_granularities[]': ['word', 'segment'] });
    expect(call.file).toMatchObject({ name: 'chunk-0000.wav', type: 'audio/wav' });
    const wav = call.file!.bytes;
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(Math.abs((wav.length - 44) / 32_000 - 10)).toBeLessThan(0.2);

    // The endpoint's segment text (capitalised, punctuated) is kept; its words carry the times.
    expect(transcript.segments).toHaveLength(1);
    expect(transcript.segments[0]!.text).toMatch(/^When i click the save button .*failed\.$/);
    expect(spokenWords(transcript)).toEqual(expect.arrayContaining(['billing', 'payment', 'failed']));
    expect(transcript.segments[0]!.start_ms).toBeGreaterThanOrEqual(1800);
    expect(transcript.segments[0]!.words[0]!.start_ms).toBe(transcript.segments[0]!.start_ms);
  });

  it("sends the recording's language as the service's `language` (ISO 639-1), and none for a recording from before it was kept", async () => {
    server.calls.length = 0;
    const brazilian = await recordAndProcess(t, owner, await speechVideo([{ atSeconds: 1, text: 'the payment page is broken' }], 3), { language: 'pt-BR' });
    expect(await waitForTranscript(t, owner, brazilian)).toMatchObject({ status: 'ready' });
    expect(server.calls[0]!.fields).toMatchObject({ language: 'pt' });
    server.calls.length = 0;
    const unknown = await recordAndProcess(t, owner, await speechVideo([{ atSeconds: 1, text: 'the payment page is broken' }], 3));
    expect(await waitForTranscript(t, owner, unknown)).toMatchObject({ status: 'ready' });
    expect(server.calls[0]!.fields).not.toHaveProperty('language');
  });

  it('rides out a 429 (retry-after-ms) with the client\'s own retry', async () => {
    server.calls.length = 0;
    server.failNext(429, 1, { 'retry-after-ms': '10' });
    const id = await recordAndProcess(t, owner, await speechVideo([{ atSeconds: 1, text: 'the payment page is broken' }], 4));
    const transcript = await waitForTranscript(t, owner, id);
    expect(transcript).toMatchObject({ status: 'ready', attempts: 1 });
    expect(server.calls).toHaveLength(2);
    expect(spokenWords(transcript)).toEqual(expect.arrayContaining(['payment', 'page']));
  });
});

describe('an endpoint that keeps failing', () => {
  it('a 500 that outlasts the client\'s retries fails the attempt visibly and queues a retry; the video stays playable', async () => {
    const server = await startOpenAiServer();
    const t = await startTestApp({}, apiEnv(server));
    try {
      const owner = await signUp(t);
      server.failNext(500, 3);
      const id = await recordAndProcess(t, owner, await speechVideo([{ atSeconds: 1, text: 'the payment page is broken' }], 4));
      const pending = await waitForTranscript(t, owner, id, (tr) => tr.status === 'pending' && tr.error !== null);
      expect(pending).toMatchObject({ attempts: 1, segments: [], error: expect.stringMatching(/^Attempt 1 failed, retrying: 500/) });
      // The client's initial call and its two retries.
      expect(server.calls).toHaveLength(3);
      const video = await fetch(`${t.url}/api/v1/submissions/${id}/video`, { headers: { ...owner.headers, range: 'bytes=0-1023' } });
      expect(video.status).toBe(206);
      expect(video.headers.get('content-type')).toBe('video/mp4');
      expect((await video.arrayBuffer()).byteLength).toBe(1024);
    } finally {
      await t.close();
      await server.close();
    }
  });
});

describe('an endpoint that never answers', () => {
  it('times out, leaves the recording ready and says the attempt is retrying', async () => {
    const server = await startOpenAiServer();
    const t = await startTestApp({}, apiEnv(server, { TRANSCRIPTION_TIMEOUT_SECONDS: '1' }));
    try {
      const owner = await signUp(t);
      server.hang(true);
      const id = await recordAndProcess(t, owner, await speechVideo([{ atSeconds: 1, text: 'hello' }], 3));
      const pending = await waitForTranscript(t, owner, id, (tr) => tr.status === 'pending' && tr.error !== null);
      expect(pending.error).toMatch(/^Attempt 1 failed, retrying: Request timed out/);
      const submission = (await (await fetch(`${t.url}/api/v1/submissions/${id}`, { headers: owner.headers })).json()) as { status: string };
      expect(submission.status).toBe('ready');
    } finally {
      await t.close();
      await server.close();
    }
  });
});
