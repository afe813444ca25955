import { spawn } from 'node:child_process';
import os from 'node:os';
import { trackChild } from './child-processes.ts';

export class MediaToolError extends Error {
  constructor(message: string, readonly stderrTail: string) {
    super(message);
    this.name = 'MediaToolError';
  }
}

/**
 * Runs ffmpeg/ffprobe (and other media tools) without a shell; resolves stdout, rejects with the last lines of stderr.
 * `priority` is a nice value: background work such as transcription yields the CPU to requests being served.
 */
export function runTool(binary: string, args: string[], options: { timeoutMs?: number; priority?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    trackChild(child);
    if (options.priority && child.pid) {
      try {
        os.setPriority(child.pid, options.priority);
      } catch {
        // Not permitted (some containers): run at normal priority.
      }
    }
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    // Keep only the tail: ffmpeg can print megabytes of progress on long inputs.
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-4000);
    });
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : undefined;
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new MediaToolError(`${binary} could not start: ${error.message}`, ''));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(Buffer.concat(out).toString());
      const tail = err.trim().split('\n').slice(-3).join(' | ');
      reject(new MediaToolError(`${binary} failed (${signal ?? `exit ${code}`}): ${tail}`, err));
    });
  });
}
