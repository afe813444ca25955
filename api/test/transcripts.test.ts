import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionList, Transcript } from '@showback/contract';
import { loadAppConfig } from '../src/wiring.ts';
import * as backfill from '../src/db/migrations/20261124_0152_transcripts_backfill.ts';
import { transcribeSubmissionJob } from '../src/jobs/transcribe-submission.job.ts';
import { findSubmissionById } from '../src/modules/submissions/submissions.repository.ts';
import { saveTranscript } from '../src/modules/transcripts/transcripts.repository.ts';
import { segmentOf } from '../src/transcription/segments.ts';
import { transcribeFile } from '../src/transcription/transcribe.ts';
import { signUp, type SignedUp } from './support/auth.ts';
import { mediaFile } from './support/fixtures/media.ts';
import { json } from './support/fixtures/recording.ts';
import { recordAndProcess, silentVideo, speechInRoomTone, speechVideo, spokenWords, waitForTranscript } from './support/fixtures/speech.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const SENTENCE = 'when I click the save button on the billing page nothing happens and I see an error that says payment failed';

/** A test that records, processes and transcribes (pocketsphinx) once or twice: well over the 30 s default under the suite's load. */
const TRANSCRIBES_MS = 120_000;

describe('transcripts with the embedded engine (pocketsphinx)', () => {
  let t: TestApp;
  let owner: SignedUp;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('transcribes speech after processing with word times on the video clock; captions and text for the owner only; list search finds spoken words; a rerun stores the same', async () => {
    const id = await recordAndProcess(t, owner, await speechVideo([{ atSeconds: 2, text: SENTENCE }], 10));
    const transcript = await waitForTranscript(t, owner, id);
    expect(transcript).toMatchObject({ status: 'ready', engine: 'pocketsphinx', no_speech_reason: null, error: null, attempts: 1 });
    expect(spokenWords(transcript)).toEqual(expect.arrayContaining(['click', 'save', 'button', 'billing', 'page', 'payment', 'failed']));
    // Two seconds of silence first: times count from the start of the video, not from the first sound.
    const first = transcript.segments[0]!;
    expect(first.start_ms).toBeGreaterThanOrEqual(1800);
    expect(first.start_ms).toBeLessThan(2600);
    // pocketsphinx's posterior per word, their mean per segment; this clear sentence is not unsure.
    for (const segment of transcript.segments) {
      expect(segment).toMatchObject({ unsure: false, edited: false });
      const mean = segment.words.reduce((sum, word) => sum + word.confidence!, 0) / segment.words.length;
      expect(segment.confidence).toBeCloseTo(mean, 2);
    }
    const all = transcript.segments.flatMap((segment) => segment.words);
    for (const [i, word] of all.entries()) {
      expect(word.confidence).toBeGreaterThanOrEqual(0);
      expect(word.confidence).toBeLessThanOrEqual(1);
      expect(word.end_ms).toBeGreaterThan(word.start_ms);
      if (i > 0) expect(word.start_ms).toBeGreaterThanOrEqual(all[i - 1]!.end_ms);
    }
    expect(all.at(-1)!.end_ms).toBeLessThan(10_000);

    const vtt = await fetch(`${t.url}${transcript.captions_url!}`, { headers: owner.headers });
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    const cues = await vtt.text();
    expect(cues.startsWith('WEBVTT\n\n1\n00:00:0')).toBe(true);
    expect(cues).toMatch(/\n00:00:0[12]\.\d{3} --> 00:00:\d{2}\.\d{3}\n[a-z' ]*billing/);
    const download = await fetch(`${t.url}${transcript.captions_url!}?download=true`, { headers: owner.headers });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.vtt"$/);
    const text = await fetch(`${t.url}${transcript.text_url!}`, { headers: owner.headers });
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.txt"$/);
    expect(await text.text()).toMatch(/^\[00:0[12]\] when i click/);

    // Another account: every transcript URL answers like a missing submission.
    const stranger = await signUp(t);
    for (const url of [`/api/v1/submissions/${id}/transcript`, transcript.captions_url!, transcript.text_url!]) {
      const res = await fetch(`${t.url}${url}`, { headers: stranger.headers });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const retryForeign = await fetch(`${t.url}/api/v1/submissions/${id}/transcript`, { method: 'POST', headers: { cookie: stranger.cookie, 'x-csrf-token': stranger.csrf } });
    expect(retryForeign.status).toBe(404);
    const retryDone = await fetch(`${t.url}/api/v1/submissions/${id}/transcript`, { method: 'POST', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    expect(retryDone.status).toBe(409);

    // The recordings list finds the recording by a spoken word (stemmed: "clicking" matches "click"), not by others.
    const search = async (who: SignedUp, q: string) => json<SubmissionList>(await fetch(`${t.url}/api/v1/submissions?q=${encodeURIComponent(q)}`, { headers: who.headers }));
    expect((await search(owner, 'billing')).items.map((item) => item.id)).toEqual([id]);
    expect((await search(owner, 'clicking')).items.map((item) => item.id)).toEqual([id]);
    expect((await search(owner, 'refund')).total).toBe(0);
    expect((await search(stranger, 'billing')).total).toBe(0);

    // Idempotent: the job again (a duplicate delivery) leaves it; a forced rerun stores the same transcript.
    const run = { jobId: 'again', attempt: 1, isLastAttempt: false };
    await transcribeSubmissionJob.handler({ submission_id: id }, t.app.ctx, run);
    expect(await waitForTranscript(t, owner, id)).toEqual(transcript);
    await t.app.ctx.db.updateTable('transcripts').set({ status: 'failed' }).where('submission_id', '=', id).execute();
    await transcribeSubmissionJob.handler({ submission_id: id }, t.app.ctx, run);
    const again = await waitForTranscript(t, owner, id);
    expect(again.segments).toEqual(transcript.segments);
    // Processing and two recogniser runs: 30 s ran out beside the suite's other workers on a loaded machine.
  }, TRANSCRIBES_MS);

  it('an owner corrects a segment: the transcript, captions, text and list search follow; bad input and other accounts are refused', async () => {
    // A processed recording whose transcript (as the job stores it) has an unsure segment and a sure one.
    const id = await recordAndProcess(t, owner, await silentVideo(4));
    await waitForTranscript(t, owner, id);
    const word = (text: string, at: number, confidence: number) => ({ text, start_ms: at, end_ms: at + 250, confidence });
    const heard = [segmentOf([word('the', 500, 0.3), word('refund', 800, 0.2), word('bottom', 1100, 0.4)]), segmentOf([word('is', 2500, 0.9), word('gone', 2800, 0.8)])];
    expect(heard.map((s) => s.unsure)).toEqual([true, false]);
    const submission = await findSubmissionById(t.app.ctx.db, id);
    await saveTranscript(t.app.ctx.db, id, submission!.account_id, { status: 'ready', engine: 'pocketsphinx', no_speech_reason: null, segments: JSON.stringify(heard), text: 'the refund bottom is gone' });

    const edit = (who: SignedUp, index: number, body: unknown) =>
      fetch(`${t.url}/api/v1/submissions/${id}/transcript/segments/${index}`, { method: 'PATCH', headers: who.headers, body: JSON.stringify(body) });
    const res = await edit(owner, 0, { text: '  the refund   invoice ' });
    expect(res.status).toBe(200);
    const edited = (await res.json()) as Transcript;
    expect(edited.segments[0]).toEqual({ ...heard[0], text: 'the refund invoice', confidence: null, unsure: false, edited: true });
    expect(edited.segments[1]).toEqual(heard[1]);
    expect(await waitForTranscript(t, owner, id)).toEqual(edited);
    expect(await (await fetch(`${t.url}${edited.captions_url!}`, { headers: owner.headers })).text()).toContain('\nthe refund invoice\n');
    expect(await (await fetch(`${t.url}${edited.text_url!}`, { headers: owner.headers })).text()).toBe('[00:00] the refund invoice\n[00:02] is gone\n');
    const search = async (q: string) => (await json<SubmissionList>(await fetch(`${t.url}/api/v1/submissions?q=${q}`, { headers: owner.headers }))).items.map((item) => item.id);
    expect(await search('invoice')).toEqual([id]);
    expect(await search('bottom')).toEqual([]);

    // Empty text, a segment that does not exist, another account, no CSRF token: refused, and nothing changes.
    expect((await edit(owner, 1, { text: ' \n ' })).status).toBe(422);
    expect((await edit(owner, 1, {})).status).toBe(422);
    const missing = await edit(owner, 2, { text: 'hello' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await edit(await signUp(t), 1, { text: 'hijacked' })).status).toBe(404);
    const noCsrf = await fetch(`${t.url}/api/v1/submissions/${id}/transcript/segments/1`, { method: 'PATCH', headers: { cookie: owner.cookie, 'content-type': 'application/json' }, body: '{"text":"x"}' });
    expect(noCsrf.status).toBe(403);
    expect(await waitForTranscript(t, owner, id)).toEqual(edited);
  }, TRANSCRIBES_MS);

  it('says "no speech" for a recording without sound track and for one with silence only', async () => {
    const noAudio = await recordAndProcess(t, owner, await mediaFile('h264-noaudio-mp4', 3));
    const silent = await recordAndProcess(t, owner, await silentVideo(4));
    expect(await waitForTranscript(t, owner, noAudio)).toMatchObject({ status: 'no_speech', no_speech_reason: 'no_audio', segments: [], captions_url: null, text_url: null });
    expect(await waitForTranscript(t, owner, silent)).toMatchObject({ status: 'no_speech', no_speech_reason: 'silence', segments: [], captions_url: null });
    const vtt = await fetch(`${t.url}/api/v1/submissions/${silent}/captions.vtt`, { headers: owner.headers });
    expect(vtt.status).toBe(404);
  }, TRANSCRIBES_MS);

  it('says the embedded engine does not know the language of a French recording, instead of guessing English words', async () => {
    const french = await recordAndProcess(t, owner, await speechVideo([{ atSeconds: 1, text: 'the payment page is broken' }], 4), { language: 'fr' });
    expect(await waitForTranscript(t, owner, french)).toMatchObject({ status: 'no_speech', no_speech_reason: 'unsupported_language', engine: 'pocketsphinx', segments: [], captions_url: null });
  }, TRANSCRIBES_MS);

  it('a failed transcript leaves the video playable, shows its error, and the owner can queue it again', async () => {
    const id = await recordAndProcess(t, owner, await speechVideo([{ atSeconds: 1, text: 'the payment page is broken' }], 4));
    await waitForTranscript(t, owner, id);
    await t.app.ctx.db.updateTable('transcripts').set({ status: 'pending' }).where('submission_id', '=', id).execute();
    // The last attempt with an engine that cannot start: a final failure, stated.
    const broken = { ...t.app.ctx, config: { ...t.app.ctx.config, transcription: { ...t.app.ctx.config.transcription, pocketsphinxPath: '/nonexistent/pocketsphinx_batch' } } };
    await expect(transcribeSubmissionJob.handler({ submission_id: id }, broken, { jobId: 'x', attempt: 5, isLastAttempt: true })).rejects.toThrow(/could not start/);
    const failed = await waitForTranscript(t, owner, id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 5, error: expect.stringMatching(/could not start/), segments: [] });
    const video = await fetch(`${t.url}/api/v1/submissions/${id}/video`, { headers: { ...owner.headers, range: 'bytes=0-1023' } });
    expect(video.status).toBe(206);
    expect((await video.arrayBuffer()).byteLength).toBe(1024);

    const retry = await fetch(`${t.url}/api/v1/submissions/${id}/transcript`, { method: 'POST', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    expect(retry.status).toBe(202);
    expect(await retry.json()).toMatchObject({ status: 'pending', error: null });
    const ready = await waitForTranscript(t, owner, id);
    expect(ready.status).toBe('ready');
    expect(spokenWords(ready)).toEqual(expect.arrayContaining(['payment', 'page']));
  }, TRANSCRIBES_MS);

  it('a recording processed before transcripts existed says so, and Try again transcribes it', async () => {
    const id = await recordAndProcess(t, owner, await speechVideo([{ atSeconds: 1, text: 'the payment page is broken' }], 4));
    await waitForTranscript(t, owner, id);
    await t.app.ctx.db.deleteFrom('transcripts').where('submission_id', '=', id).execute();
    await backfill.up(t.app.ctx.db);
    const before = await waitForTranscript(t, owner, id);
    expect(before).toMatchObject({ status: 'failed', error: 'This recording was made before transcripts existed.', segments: [] });
    const retry = await fetch(`${t.url}/api/v1/submissions/${id}/transcript`, { method: 'POST', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    expect(retry.status).toBe(202);
    expect((await waitForTranscript(t, owner, id)).status).toBe('ready');
  }, TRANSCRIBES_MS);
});

describe('long recordings', () => {
  it('are recognised in chunks stitched on one timeline', async () => {
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-chunks-'));
    try {
      const video = await speechVideo([{ atSeconds: 1, text: 'the billing page is broken' }, { atSeconds: 7.5, text: 'payment failed again' }], 11);
      const config = { ...loadAppConfig({}).transcription, chunkSeconds: 5 };
      const outcome = await transcribeFile(config, 'ffmpeg', video, work, 'en');
      expect(outcome.status).toBe('ready');
      if (outcome.status !== 'ready') return;
      const timed = outcome.segments.flatMap((segment) => segment.words);
      const failed = timed.find((word) => word.text === 'failed');
      const billing = timed.find((word) => word.text === 'billing');
      // The second sentence lives in the second chunk (5-10 s) and keeps its place on the recording's clock.
      expect(billing?.start_ms).toBeGreaterThan(900);
      expect(billing?.start_ms).toBeLessThan(2500);
      expect(failed?.start_ms).toBeGreaterThan(7500);
      expect(failed?.start_ms).toBeLessThan(9000);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
});

describe('silence around speech', () => {
  it('gets no words: the transcript starts with the sentence and ends with it, whatever the room did before and after', async () => {
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-room-'));
    try {
      // Issue 39's sentence, which came back through Chromium with four words heard in the silence around it.
      const take = await speechInRoomTone('please check the invoice page because the green payment button crashes every morning');
      const outcome = await transcribeFile(loadAppConfig({}).transcription, 'ffmpeg', take, work, 'en');
      expect(outcome.status).toBe('ready');
      if (outcome.status !== 'ready') return;
      const words = outcome.segments.flatMap((segment) => segment.words);
      expect(words.map((word) => word.text)).toEqual(expect.arrayContaining(['please', 'check', 'because', 'green', 'payment', 'crashes', 'morning']));
      expect(words[0]).toMatchObject({ text: 'please' });
      expect(words.at(-1)).toMatchObject({ text: 'morning' });
      // The sentence (4.6 s) starts 2 s in; flite's own lead-in puts its first sound about 0.15 s later.
      expect(words[0]!.start_ms).toBeGreaterThanOrEqual(2000);
      expect(words[0]!.start_ms).toBeLessThan(2500);
      expect(words.at(-1)!.end_ms).toBeLessThanOrEqual(6700);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
});
