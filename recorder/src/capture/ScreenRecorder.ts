import type { RecordingFormat } from './recordingFormat.ts';

export type RecorderState = 'idle' | 'recording' | 'paused' | 'stopped';

export interface ScreenRecorderOptions {
  format: RecordingFormat;
  /** Every non-empty piece MediaRecorder hands over, in order. */
  onChunk(data: Blob): void;
  /** MediaRecorder failed mid-recording (e.g. the encoder gave up); what was recorded so far is kept. */
  onError?(error: Error): void;
  /** MediaRecorder has given no data after NO_DATA_MS of recording: it is not recording, whatever it says. */
  onNoData?(): void;
}

/**
 * A ceiling: left to itself Chromium's encoder was seen spending 7 Mbit/s on a busy 720p tab, more than a 5 Mbit/s
 * uplink sends while recording. Screen content (text, flat colours, a pointer) stays legible at 1.5 Mbit/s, so the
 * upload keeps up and Stop leaves only the last seconds to send (frames side by side in docs/recorder.md).
 */
export const VIDEO_BITS_PER_SECOND = 1_500_000;

/** Safari has shipped MediaRecorders that hand over empty pieces with shorter timeslices; 1 s is safe everywhere. */
export const TIMESLICE_MS = 1000;

/**
 * With a 1 s timeslice every browser tested hands over its first piece within 2 s (Chromium's MP4 waits for a
 * keyframe, ~1.5 s). Six seconds of recording with nothing is a MediaRecorder that will never give anything (Firefox
 * given codecs the stream does not have; WebKitGTK without its GStreamer encoders).
 */
export const NO_DATA_MS = 6000;

/** The last piece and `stop` come within a second of stop(); a browser that never answers must not hang the page. */
export const STOP_TIMEOUT_MS = 5000;

/** MediaRecorder plus a clock that excludes paused time, and watchdogs for a MediaRecorder that went silent. */
export class ScreenRecorder {
  private readonly recorder: MediaRecorder;
  private startedAt = 0;
  private accumulatedMs = 0;
  private stopped: Promise<void>;
  private stopping: Promise<void> | undefined;
  private noDataWatch: ReturnType<typeof setInterval> | undefined;
  state: RecorderState = 'idle';
  /** Bytes handed to onChunk. */
  bytes = 0;
  /** stop() gave up waiting for MediaRecorder's `stop` event; the pieces received before are all there is. */
  stopTimedOut = false;

  constructor(
    stream: MediaStream,
    private readonly options: ScreenRecorderOptions,
  ) {
    const init: MediaRecorderOptions & { videoKeyFrameIntervalDuration?: number } = {
      mimeType: options.format.mimeType,
      videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
    };
    if (stream.getAudioTracks().length > 0) init.audioBitsPerSecond = 128_000;
    if (options.format.keyframeIntervalMs) init.videoKeyFrameIntervalDuration = options.format.keyframeIntervalMs;
    this.recorder = new MediaRecorder(stream, init);
    this.recorder.ondataavailable = (e) => {
      if (!e.data || e.data.size === 0) return;
      this.bytes += e.data.size;
      this.clearNoDataWatch();
      options.onChunk(e.data);
    };
    this.recorder.onerror = (e) => options.onError?.(new Error(String((e as unknown as { error?: unknown }).error ?? 'MediaRecorder error')));
    this.stopped = new Promise((resolve) => this.recorder.addEventListener('stop', () => resolve(), { once: true }));
  }

  get mimeType(): string {
    return this.recorder.mimeType || this.options.format.mimeType;
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.recorder.start(TIMESLICE_MS);
    this.startedAt = performance.now();
    this.state = 'recording';
    this.noDataWatch = setInterval(() => {
      if (this.bytes === 0 && this.state === 'recording' && this.elapsedMs() >= NO_DATA_MS) {
        this.clearNoDataWatch();
        this.options.onNoData?.();
      }
    }, 500);
  }

  pause(): void {
    if (this.state !== 'recording') return;
    this.recorder.pause();
    this.accumulatedMs += performance.now() - this.startedAt;
    this.state = 'paused';
  }

  resume(): void {
    if (this.state !== 'paused') return;
    this.recorder.resume();
    this.startedAt = performance.now();
    this.state = 'recording';
  }

  /** Resolves after the last chunk has been handed to onChunk, or after STOP_TIMEOUT_MS without MediaRecorder's answer. */
  stop(): Promise<void> {
    this.clearNoDataWatch();
    if (this.state === 'idle') {
      this.state = 'stopped';
      return Promise.resolve();
    }
    if (!this.stopping) {
      if (this.state === 'recording') this.accumulatedMs += performance.now() - this.startedAt;
      this.state = 'stopped';
      if (this.recorder.state !== 'inactive') this.recorder.stop();
      this.stopping = this.waitForStop();
    }
    return this.stopping;
  }

  elapsedMs(): number {
    return Math.round(this.state === 'recording' ? this.accumulatedMs + performance.now() - this.startedAt : this.accumulatedMs);
  }

  private async waitForStop(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.stopTimedOut = true;
        // Whatever it might still hand over would land after the recording was closed.
        this.recorder.ondataavailable = null;
        resolve();
      }, STOP_TIMEOUT_MS);
    });
    await Promise.race([this.stopped, late]);
    clearTimeout(timer);
  }

  private clearNoDataWatch(): void {
    clearInterval(this.noDataWatch);
    this.noDataWatch = undefined;
  }
}
