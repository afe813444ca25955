import { randomId, type SubmissionSource } from '@showback/contract';
import { ScreenRecorder } from '../capture/ScreenRecorder.ts';
import { buildRecordingStream } from '../capture/recordingStream.ts';
import { stopStream } from '../capture/displayCapture.ts';
import { CaptureError } from '../capture/captureError.ts';
import { containerOf, extensionOf, pickFormat } from '../capture/recordingFormat.ts';
import type { Spool, SpooledRecording } from '../upload/spool.ts';
import { UploadController, type UploadStatus } from '../upload/UploadController.ts';

export type RecordingFailure = 'storage' | 'recorder' | 'no-data';

export interface SessionOptions {
  spool: Spool;
  token: string;
  source: SubmissionSource;
  endpoint: string;
  onUpload(status: UploadStatus): void;
  /** MediaRecorder failed, gave no data, or the spool failed; the recording is stopped and what was stored is kept. */
  onFailure(kind: RecordingFailure): void;
}

/**
 * One recording attempt: MediaRecorder → spool (IndexedDB) → tus, all running at once. The spool is the source of
 * truth; the upload reads from it and may lag, restart or resume without the recorder noticing.
 */
export class RecordingSession {
  private recorder: ScreenRecorder | undefined;
  private releaseStream: (() => void) | undefined;
  private streams: MediaStream[] = [];
  private uploader: UploadController | undefined;
  private spoolWrites: Promise<unknown> = Promise.resolve();
  /** Bytes MediaRecorder has produced in this page (what the upload progress is measured against while recording). */
  recordedBytes = 0;

  private constructor(
    private readonly options: SessionOptions,
    readonly recording: SpooledRecording,
  ) {}

  /**
   * A new recording from the shared surface (and microphone). Starts the tus upload right away. The format is chosen
   * from the tracks actually in the stream (a microphone may have ended, a tab may have no sound).
   */
  static async record(options: SessionOptions, display: MediaStream, microphone?: MediaStream): Promise<RecordingSession> {
    const { stream, release } = buildRecordingStream(display, microphone);
    const format = pickFormat((t) => MediaRecorder.isTypeSupported(t), stream.getAudioTracks().length > 0);
    if (!format) {
      release();
      throw new CaptureError('unsupported', 'no recordable format');
    }
    const id = randomId();
    // MediaRecorder's callbacks need the session, which needs the spool entry, which needs the recorder's MIME type.
    const holder: { session?: RecordingSession } = {};
    const recorder = new ScreenRecorder(stream, {
      format,
      onChunk: (blob) => holder.session?.store(blob),
      onError: () => holder.session?.fail('recorder'),
      onNoData: () => holder.session?.fail('no-data'),
    });
    const rec = await options.spool.create({ id, token: options.token, source: options.source, mimeType: recorder.mimeType });
    const session = (holder.session = new RecordingSession(options, rec));
    session.recorder = recorder;
    session.releaseStream = release;
    session.streams = [display, ...(microphone ? [microphone] : [])];
    session.startUpload();
    return session;
  }

  /** A recording found in the spool after a reload: whatever was stored is final, the upload continues. */
  static async resume(options: SessionOptions, pending: SpooledRecording): Promise<RecordingSession> {
    const rec = pending.finished ? pending : await options.spool.finish(pending.id);
    const session = new RecordingSession(options, rec);
    session.startUpload();
    return session;
  }

  get id(): string {
    return this.recording.id;
  }

  get mimeType(): string {
    return this.recorder?.mimeType ?? this.recording.mimeType;
  }

  /** The browser never confirmed the end of the recording: the last seconds may be missing. */
  get endedUncleanly(): boolean {
    return this.recorder?.stopTimedOut ?? false;
  }

  get uploadUrl(): string | undefined {
    return this.uploader?.uploadUrl;
  }

  start(): void {
    this.recorder?.start();
    void this.options.spool.markStarted(this.id, performance.timeOrigin + performance.now()).catch(() => undefined);
  }

  /** When a recording picked up from the spool started (undefined for one recorded by this page). */
  get resumedStartedAt(): number | undefined {
    return this.recorder ? undefined : this.recording.startedAt;
  }

  pause(): void {
    this.recorder?.pause();
  }

  resume(): void {
    this.recorder?.resume();
  }

  elapsedMs(): number {
    return this.recorder?.elapsedMs() ?? this.recording.durationMs;
  }

  /** Stop recording and sharing; resolves when the last chunk is in the spool and marked finished. */
  async stop(): Promise<SpooledRecording> {
    await this.recorder?.stop();
    const duration = this.elapsedMs();
    this.releaseCapture();
    await this.spoolWrites.catch(() => undefined);
    return this.options.spool.finish(this.id, duration);
  }

  async durationMs(): Promise<number> {
    return (await this.options.spool.get(this.id))?.durationMs ?? this.elapsedMs();
  }

  blob(): Promise<Blob> {
    return this.options.spool.blob(this.id);
  }

  /** Resolves with the upload URL once the server holds every byte. */
  uploaded(): Promise<string> {
    if (!this.uploader) throw new Error('upload not started');
    return this.uploader.done;
  }

  retryUploadNow(): void {
    if (this.uploader?.getStatus().state === 'failed') this.startUpload();
    else window.dispatchEvent(new Event('online'));
  }

  /** Re-record or start over: nothing of this attempt stays on the device or the server. */
  async discard(): Promise<void> {
    this.releaseCapture();
    await this.recorder?.stop().catch(() => undefined);
    await this.uploader?.abort(true);
    await this.spoolWrites.catch(() => undefined);
    await this.options.spool.delete(this.id);
  }

  /** After the server confirmed the submission: the local copy is no longer needed. */
  async forget(): Promise<void> {
    await this.options.spool.delete(this.id);
  }

  /** The recording's file name, for the upload and for a copy the customer saves. */
  get fileName(): string {
    return `recording-${new Date(this.recording.createdAt).toISOString().replace(/[:.]/g, '-')}.${extensionOf(this.mimeType)}`;
  }

  private startUpload(): void {
    const filetype = containerOf(this.mimeType);
    this.uploader = new UploadController({
      endpoint: this.options.endpoint,
      token: this.recording.token,
      filename: this.fileName,
      filetype,
      input: { kind: 'spool', spool: this.options.spool, recordingId: this.id, uploadUrl: this.recording.uploadUrl },
      onStatus: this.options.onUpload,
      onUploadUrl: (url) => void this.options.spool.setUploadUrl(this.id, url),
    });
    this.uploader.start();
  }

  private store(blob: Blob): void {
    const elapsed = this.elapsedMs();
    this.recordedBytes += blob.size;
    this.spoolWrites = this.options.spool.append(this.id, blob, elapsed).catch(() => this.fail('storage'));
  }

  private fail(kind: RecordingFailure): void {
    this.options.onFailure(kind);
  }

  private releaseCapture(): void {
    this.releaseStream?.();
    this.releaseStream = undefined;
    this.streams.forEach(stopStream);
    this.streams = [];
  }
}
