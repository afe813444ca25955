import type { ChildProcess } from 'node:child_process';

/**
 * The media tools (ffmpeg, ffprobe, pocketsphinx) this process has running. A worker that shuts down kills what its
 * jobs left running rather than leave a transcode going on as an orphan, and metrics count them.
 */
const running = new Set<ChildProcess>();

export function trackChild(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.once('error', () => running.delete(child));
}

/** Process ids of the tools running now. */
export function runningChildren(): number[] {
  return [...running].flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
}

/** SIGKILL to every tracked tool; resolves once they have all exited. */
export async function killChildren(): Promise<number> {
  const children = [...running];
  await Promise.all(
    children.map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      return exited;
    }),
  );
  return children.length;
}
