import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { trackChild } from './child-processes.ts';
import { MediaToolError } from './run-tool.ts';

/**
 * ffmpeg reading a fragmented MP4 on its stdin while the recording is still arriving, writing the MP4 as it goes; when
 * the last byte has been written, only the tail and the faststart pass (moving the index to the front) are left.
 * A MediaRecorder MP4 streams: its index is an empty `moov` up front and every fragment carries its own.
 */
export class LiveRemux {
  private readonly child;
  private readonly exited: Promise<void>;
  private stderr = '';

  constructor(ffmpegPath: string, args: string[]) {
    this.child = spawn(ffmpegPath, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    trackChild(this.child);
    // ffmpeg gone (a failure, or abort) turns further writes into EPIPE: the exit below carries the reason.
    this.child.stdin.on('error', () => {});
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    this.exited = new Promise((resolve, reject) => {
      this.child.on('error', (error) => reject(new MediaToolError(`${ffmpegPath} could not start: ${error.message}`, '')));
      this.child.on('close', (code, signal) => {
        if (code === 0) return resolve();
        const tail = this.stderr.trim().split('\n').slice(-3).join(' | ');
        reject(new MediaToolError(`${ffmpegPath} failed (${signal ?? `exit ${code}`}): ${tail}`, this.stderr));
      });
    });
    // Nobody may be awaiting yet when it fails; write() and finish() report it.
    this.exited.catch(() => {});
  }

  /** Resolves when ffmpeg has taken the bytes (backpressure), rejects when it has failed. */
  async write(bytes: Buffer): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.exited;
    if (!this.child.stdin.write(bytes)) await Promise.race([once(this.child.stdin, 'drain'), this.exited]);
  }

  /** Ends the input and waits for the finished MP4; past `timeoutMs` ffmpeg is killed and this rejects. */
  async finish(timeoutMs: number): Promise<void> {
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    try {
      await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }

  abort(): void {
    this.child.kill('SIGKILL');
  }
}
