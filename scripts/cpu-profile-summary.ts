// `node --import tsx scripts/cpu-profile-summary.ts <file.cpuprofile> [rows]`: the self time of a V8 CPU profile
// (`node --cpu-prof`) summed by function and by package or source file, to read where a server spends its time.
import fs from 'node:fs';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [rows]');
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

// Self time per node: each sample's time delta belongs to the node sampled.
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

/** node_modules/<package> (scoped included), else the file's path under the project, else a V8 or Node label. */
function moduleOf(url: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  const local = /\/work\/[^/]+\/(.*)$/.exec(url);
  return local ? local[1]! : url || '(native)';
}

const byFunction = new Map<string, number>();
const byModule = new Map<string, number>();
for (const node of profile.nodes) {
  const us = selfUs.get(node.id);
  if (!us) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = moduleOf(url);
  const fn = `${functionName || '(anonymous)'} ${where}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  byModule.set(where, (byModule.get(where) ?? 0) + us);
}

const table = (map: Map<string, number>) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([name, us]) => ({ name, ms: Math.round(us / 1000), '%': ((100 * us) / total).toFixed(1) }));
console.log(`${file}: ${Math.round(total / 1000)} ms sampled`);
console.log('self time by package or file');
console.table(table(byModule));
console.log('self time by function');
console.table(table(byFunction));
