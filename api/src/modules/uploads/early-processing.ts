import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Upload } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Storage } from '../../storage/storage.ts';
import { canCopyVideo, remuxArgs } from '../../media/convert-to-mp4.ts';
import { LiveRemux } from '../../media/live-remux.ts';
import { makePoster, posterKeys, putThumbnails } from '../../media/make-poster.ts';
import { probe } from '../../media/probe.ts';
import { makeWorkDir } from '../../media/work-dirs.ts';

/** What the processing job needs from an early result besides the files. */
export interface EarlyFacts {
  durationMs: number;
  width: number;
  height: number;
}

export const earlyKeys = (uploadId: string) => ({
  video: `early/${uploadId}/video.mp4`,
  poster: `early/${uploadId}/poster.jpg`,
  facts: `early/${uploadId}/facts.json`,
});

/** The early MP4, poster and facts of a finished upload, when this process (or another) made them. */
export async function findEarlyResult(storage: Storage, uploadId: string): Promise<{ facts: EarlyFacts; size: number } | undefined> {
  const keys = earlyKeys(uploadId);
  const [video, poster, facts] = await Promise.all([storage.stat(keys.video), storage.stat(keys.poster), storage.stat(keys.facts)]);
  if (!video || !poster || !facts) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.getStream(keys.facts)) chunks.push(chunk as Buffer);
  return { facts: JSON.parse(Buffer.concat(chunks).toString()) as EarlyFacts, size: video.size };
}

export async function deleteEarlyResult(storage: Storage, uploadId: string): Promise<void> {
  const keys = earlyKeys(uploadId);
  for (const key of [keys.video, ...posterKeys(keys.poster), keys.facts]) await storage.delete(key);
}

// Each live conversion is an ffmpeg process; past this many in one process, uploads are processed after they finish.
const MAX_LIVE = 8;
// An upload quiet this long (network cut, upload continued by another process) gives its conversion up; if it comes
// back, a new conversion catches up from the stored bytes.
const IDLE_MS = 60_000;
const POSTER_AFTER_MS = 2000;
const FINISH_TIMEOUT_MS = 30_000;

interface Conversion {
  file: string;
  dir: string;
  fed: number;
  /** Feeds run one after another, in upload order. */
  queue: Promise<void>;
  remux: LiveRemux | undefined;
  poster: Promise<boolean> | undefined;
  idle: NodeJS.Timeout | undefined;
  /** Not convertible as it arrives (WebM, not H.264, a failure): later PATCHes are left alone. */
  refused: boolean;
}

/**
 * Processing that runs while a recording uploads: each stored PATCH is fed (from the stored file, so exactly the bytes
 * tus kept) to an ffmpeg remux, and the poster is taken once the first seconds are in. When the last PATCH arrives the
 * tail is fed and the MP4, poster and facts are stored under earlyKeys before tus answers it, so the processing job,
 * wherever it runs, finds them as soon as the submission exists. It is only a head start: state lives in this process,
 * any failure, restart or an upload continued elsewhere leaves no result, and the job then processes the whole file.
 */
export class EarlyProcessing {
  private readonly live = new Map<string, Conversion>();

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A PATCH of `uploadId` was stored up to `offset`. Never throws; the work goes on in the background. */
  received(uploadId: string, offset: number): void {
    if (!this.ctx.config.earlyProcessing) return;
    let conversion = this.live.get(uploadId);
    if (!conversion) {
      const file = this.ctx.uploads.localPath(uploadId);
      if (!file || this.live.size >= MAX_LIVE) return;
      conversion = { file, dir: '', fed: 0, queue: this.qualifies(uploadId), remux: undefined, poster: undefined, idle: undefined, refused: false };
      this.live.set(uploadId, conversion);
    }
    const c = conversion;
    clearTimeout(c.idle);
    c.idle = setTimeout(() => void this.drop(uploadId), IDLE_MS);
    if (!c.refused) c.queue = c.queue.then(() => this.feed(c, offset)).catch((error: unknown) => this.refuse(c, uploadId, error));
  }

  /** The upload is complete: finish and store its early result, or leave it to the job. Never throws. */
  async finished(upload: Upload): Promise<void> {
    const c = this.live.get(upload.id);
    if (!c) return;
    this.live.delete(upload.id);
    clearTimeout(c.idle);
    if (c.refused || upload.size === undefined) return;
    try {
      const size = upload.size;
      await (c.queue = c.queue.then(() => this.feed(c, size)));
      if (!c.remux) throw new Error('nothing was converted');
      await c.remux.finish(FINISH_TIMEOUT_MS);
      const output = path.join(c.dir, 'video.mp4');
      const keys = earlyKeys(upload.id);
      // The client waits for this answer: storing and probing overlap.
      const [result] = await Promise.all([probe(this.ctx.config.ffprobePath, output), this.ctx.storage.putFile(keys.video, output, { contentType: 'video/mp4' })]);
      if (!result.video || !canCopyVideo(result) || result.durationMs === undefined) throw new Error('the early MP4 is not playable as is');
      const poster = path.join(c.dir, 'poster.jpg');
      if (!(await c.poster)) await makePoster(this.ctx.config.ffmpegPath, output, poster, result.durationMs);
      const facts: EarlyFacts = { durationMs: result.durationMs, width: result.video.width, height: result.video.height };
      await this.ctx.storage.putFile(keys.poster, poster, { contentType: 'image/jpeg' });
      await putThumbnails(this.ctx.config.ffmpegPath, this.ctx.storage, poster, keys.poster);
      // Last: the facts mark the result complete (findEarlyResult wants all three).
      await this.ctx.storage.put(keys.facts, Buffer.from(JSON.stringify(facts)), { contentType: 'application/json' });
    } catch (error) {
      this.log.warn({ err: error, uploadId: upload.id }, 'early processing gave up; the job processes the whole file');
      c.remux?.abort();
      await deleteEarlyResult(this.ctx.storage, upload.id).catch(() => {});
    } finally {
      await this.cleanUp(c);
    }
  }

  async close(): Promise<void> {
    const all = [...this.live.keys()];
    await Promise.all(all.map((id) => this.drop(id)));
  }

  /** Only an MP4 upload (MediaRecorder's avc1 output) can be remuxed as it arrives; WebM is processed whole. */
  private async qualifies(uploadId: string): Promise<void> {
    const upload = await this.ctx.uploads.find(uploadId);
    if (!upload || (upload.size !== undefined && upload.offset === upload.size)) throw new Error('the upload is already complete');
    if (!upload.metadata?.filetype?.toLowerCase().startsWith('video/mp4')) throw new Error('not an MP4 upload');
  }

  private async feed(c: Conversion, offset: number): Promise<void> {
    if (offset <= c.fed) return;
    if (!c.remux) {
      // Chromium's index names the streams but not the pixel format: that needs the first whole fragment, so until
      // then wait for more rather than judge.
      const source = await probe(this.ctx.config.ffprobePath, c.file).catch(() => undefined);
      if (!source?.video || source.video.pixFmt === undefined || source.video.pixFmt === 'unknown') return;
      if (!canCopyVideo(source)) throw new Error(`the video is ${source.video.codec}, not 4:2:0 H.264: it needs a transcode`);
      c.dir = await makeWorkDir('early');
      c.remux = new LiveRemux(this.ctx.config.ffmpegPath, remuxArgs(source, 'pipe:0', path.join(c.dir, 'video.mp4')));
    }
    for await (const chunk of createReadStream(c.file, { start: c.fed, end: offset - 1 })) await c.remux.write(chunk as Buffer);
    c.fed = offset;
    c.poster ??= this.posterFromPrefix(c);
  }

  /**
   * The poster from the stored prefix once it holds POSTER_AFTER_MS, the same frame (at 1 s) the job would take from
   * the MP4. Resolves false while the prefix is too short, so a later feed tries again.
   */
  private async posterFromPrefix(c: Conversion): Promise<boolean> {
    const prefix = await probe(this.ctx.config.ffprobePath, c.file).catch(() => undefined);
    if ((prefix?.durationMs ?? 0) < POSTER_AFTER_MS) {
      c.poster = undefined;
      return false;
    }
    // A failure here is not worth a retry: finished() takes the poster from the MP4 instead.
    return makePoster(this.ctx.config.ffmpegPath, c.file, path.join(c.dir, 'poster.jpg'), prefix!.durationMs).then(
      () => true,
      () => false,
    );
  }

  private refuse(c: Conversion, uploadId: string, error: unknown): void {
    this.log.debug({ err: error, uploadId }, 'no early processing for this upload');
    c.refused = true;
    c.remux?.abort();
    void this.cleanUp(c);
  }

  private async drop(uploadId: string): Promise<void> {
    const c = this.live.get(uploadId);
    if (!c) return;
    this.live.delete(uploadId);
    clearTimeout(c.idle);
    c.remux?.abort();
    await this.cleanUp(c);
  }

  private async cleanUp(c: Conversion): Promise<void> {
    await c.poster;
    if (c.dir) await fs.rm(c.dir, { recursive: true, force: true });
  }
}
