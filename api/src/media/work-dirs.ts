import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Every temporary folder of this process lives under one root named after its pid, in the system's temp directory.
 * A worker removes its root when it stops; one that crashed leaves it behind, and the next process to start on the
 * machine removes the roots of pids that no longer run (two workers on one host share the temp directory, so a
 * process only ever sweeps the roots of the dead).
 */
const ROOT_PREFIX = 'showback-work-';
const root = path.join(os.tmpdir(), `${ROOT_PREFIX}${process.pid}`);

/** A new empty folder for one piece of work (a job, an early conversion); the caller removes it when done. */
export async function makeWorkDir(prefix: string): Promise<string> {
  await fs.mkdir(root, { recursive: true });
  return fs.mkdtemp(path.join(root, `${prefix}-`));
}

export async function removeOwnWorkDirs(): Promise<void> {
  // A media tool killed a moment ago may still be writing its last file: ENOTEMPTY, then a retry finds it done.
  await fs.rm(root, { recursive: true, force: true, maxRetries: 5 });
}

/** Whether a process with this id runs on this machine. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds that pid, so it runs.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the work roots of processes that are gone; returns the folders removed. */
export async function sweepDeadWorkDirs(): Promise<string[]> {
  const tmp = os.tmpdir();
  const names = await fs.readdir(tmp).catch(() => [] as string[]);
  const dead = names.filter((name) => {
    const pid = Number(name.slice(ROOT_PREFIX.length));
    return name.startsWith(ROOT_PREFIX) && Number.isSafeInteger(pid) && pid !== process.pid && !isRunning(pid);
  });
  await Promise.all(dead.map((name) => fs.rm(path.join(tmp, name), { recursive: true, force: true })));
  return dead.map((name) => path.join(tmp, name));
}
