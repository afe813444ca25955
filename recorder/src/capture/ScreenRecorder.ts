import type { RecordingFormat } from './recordingFormat.ts';

export type RecorderState = 'idle' | 'recording' | 'paused' | 'stopped';

export interface ScreenRecorderOptions {
  format: RecordingFormat;
  /** Every non-empty piece MediaRecorder hands over, in order. */
  onChunk(data: Blob): void;
  /** MediaRecorder failed mid-recording (e.g. the encoder gave up); what was recorded so far is kept. */
  onError?(error: Error): void;
  timesliceMs?: number;
}

/**
 * A ceiling: left to itself Chromium's encoder was seen spending 7 Mbit/s on a busy 720p tab, more than a 5 Mbit/s
 * uplink sends while recording. Screen content (text, flat colours, a pointer) stays legible at 1.5 Mbit/s, so the
 * upload keeps up and Stop leaves only the last seconds to send (frames side by side in docs/recorder.md).
 */
export const VIDEO_BITS_PER_SECOND = 1_500_000;

/** MediaRecorder plus a clock that excludes paused time. */
export class ScreenRecorder {
  private readonly recorder: MediaRecorder;
  private startedAt = 0;
  private accumulatedMs = 0;
  private stopped: Promise<void>;
  state: RecorderState = 'idle';

  constructor(
    stream: MediaStream,
    private readonly options: ScreenRecorderOptions,
  ) {
    const init: MediaRecorderOptions & { videoKeyFrameIntervalDuration?: number } = {
      mimeType: options.format.mimeType,
      audioBitsPerSecond: 128_000,
      videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
    };
    if (options.format.keyframeIntervalMs) init.videoKeyFrameIntervalDuration = options.format.keyframeIntervalMs;
    this.recorder = new MediaRecorder(stream, init);
    this.recorder.ondataavailable = (e) => {
      if (e.data && e.data.size > 0) options.onChunk(e.data);
    };
    this.recorder.onerror = (e) => options.onError?.(new Error(String((e as unknown as { error?: unknown }).error ?? 'MediaRecorder error')));
    this.stopped = new Promise((resolve) => this.recorder.addEventListener('stop', () => resolve(), { once: true }));
  }

  get mimeType(): string {
    return this.recorder.mimeType || this.options.format.mimeType;
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.recorder.start(this.options.timesliceMs ?? 1000);
    this.startedAt = performance.now();
    this.state = 'recording';
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

  /** Resolves after the last chunk has been handed to onChunk. */
  async stop(): Promise<void> {
    if (this.state === 'idle') {
      this.state = 'stopped';
      return;
    }
    if (this.state === 'stopped') return this.stopped;
    if (this.state === 'recording') this.accumulatedMs += performance.now() - this.startedAt;
    this.state = 'stopped';
    if (this.recorder.state !== 'inactive') this.recorder.stop();
    return this.stopped;
  }

  elapsedMs(): number {
    return Math.round(this.state === 'recording' ? this.accumulatedMs + performance.now() - this.startedAt : this.accumulatedMs);
  }
}
