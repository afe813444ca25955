// Load on loopback with autocannon for the HTTP benches: each target measured in alternating rounds, medians
// reported, with the server process's CPU time per request (see api.bench.ts for why).
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARM_UP = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);

export interface Figures { rps: number; p50: number; p99: number; errors: number; cpuMs?: number }
export interface Target { url: string; headers?: Record<string, string>; pid?: () => number | undefined }

export const load = (): string => os.loadavg().map((l) => l.toFixed(1)).join(' ');
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** User plus system CPU time of a process so far, in ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuTimeMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * One target for `duration` seconds. With the server's pid, also its CPU time per request: unlike req/s and latency,
 * which the rest of a shared machine's load moves, that is what this process itself spends on each answer.
 */
async function measure({ url, headers, pid }: Target, duration = DURATION): Promise<Figures> {
  const id = pid?.();
  const cpuBefore = id ? cpuTimeMs(id) : 0;
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers: headers ?? {} });
  const cpuMs = id ? (cpuTimeMs(id) - cpuBefore) / Math.max(result.requests.total, 1) : undefined;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, ...(cpuMs === undefined ? {} : { cpuMs }) };
}

/** Each target measured once per round, targets alternating; medians of req/s, p50 and p99, errors summed. */
export async function measureRounds<K extends string>(targets: Record<K, Target>): Promise<Record<K, Figures>> {
  const entries = Object.entries(targets) as [K, Target][];
  // Warm-up: the JIT, PostgreSQL's caches and each pooled connection's prepared statements; the first seconds of a
  // fresh server run well below its steady rate.
  for (const [, target] of entries) await measure(target, WARM_UP);
  const runs = {} as Record<K, Figures[]>;
  for (let round = 0; round < ROUNDS; round++) for (const [name, target] of entries) (runs[name] ??= []).push(await measure(target));
  return Object.fromEntries(
    (Object.entries(runs) as [K, Figures[]][]).map(([name, figures]) => [
      name,
      {
        rps: median(figures.map((f) => f.rps)),
        p50: median(figures.map((f) => f.p50)),
        p99: median(figures.map((f) => f.p99)),
        errors: figures.reduce((sum, f) => sum + f.errors, 0),
        ...(figures[0]?.cpuMs === undefined ? {} : { cpuMs: median(figures.map((f) => f.cpuMs!)) }),
      },
    ]),
  ) as Record<K, Figures>;
}
