// `npm run bench`: runs every bench/*.bench.ts in its own process, one after another (they compete for two cores
// otherwise), each printing its figures and its ratios to a baseline it measures in the same run.
// `npm run bench -- sdk` runs only the benches whose name contains "sdk".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve('bench');
const filter = process.argv[2] ?? '';
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && f.includes(filter)).sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
if (failed) {
  console.error(`${failed} bench(es) failed`);
  process.exit(1);
}
