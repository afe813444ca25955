import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A checkout of the baseline a bench compares with: BASELINE_ROOT as given, or BASELINE_REF (else `defaultRef`) in a
 * scratch worktree under the system's temp folder, with this checkout's dependencies copied in (a lockfile change
 * between the two commits is not reflected) and, with `build`, `npm run build` run there. Kept for the next run.
 */
export function baselineCheckout(defaultRef: string, options: { build: boolean }): string {
  if (process.env.BASELINE_ROOT) return path.resolve(process.env.BASELINE_ROOT);
  const ref = process.env.BASELINE_REF ?? defaultRef;
  const sha = spawnSync('git', ['rev-parse', '--short', ref], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  if (!sha) throw new Error(`no commit ${ref} in this repository`);
  const dir = path.join(os.tmpdir(), `showback-baseline-${sha}`);
  const run = (cmd: string, args: string[], cwd = ROOT): void => {
    if (spawnSync(cmd, args, { cwd, stdio: 'inherit' }).status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
  };
  if (!fs.existsSync(dir)) run('git', ['worktree', 'add', '--detach', dir, sha]);
  for (const modules of ['node_modules', 'api/node_modules']) {
    if (fs.existsSync(path.join(ROOT, modules)) && !fs.existsSync(path.join(dir, modules))) run('cp', ['-a', path.join(ROOT, modules), path.join(dir, modules)]);
  }
  if (options.build && !fs.existsSync(path.join(dir, 'api/dist/server.js'))) run('npm', ['run', 'build'], dir);
  return dir;
}
