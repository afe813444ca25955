import fs from 'node:fs';
import path from 'node:path';

/**
 * The table scripts/test.sh prints at the end of a run: each phase's wall time, its tests and its five slowest files,
 * so that growth shows in every run's output. Its last line is the run's count in the plain form CI reads.
 */

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

const results = process.argv[2];
if (!results) throw new Error('usage: test-report.ts RESULTS_DIR');
const tsv = path.join(results, 'phases.tsv');
const rows = fs.existsSync(tsv) ? fs.readFileSync(tsv, 'utf8').trim().split('\n').filter(Boolean) : [];
const root = process.cwd() + path.sep;

let passed = 0;
let failed = 0;
let skipped = 0;
let total = 0;
// CI shows only the output's end: the failures are named here again, under the table, with their first error line.
const failures: string[] = [];
const lines = ['', '== Phases (CPU: share of all cores busy during the phase)', '', 'phase                           seconds   CPU  files  passed  failed  skipped  slowest files (seconds)'];
for (const row of rows) {
  const [name = '', seconds = '0', status = '0', cpuSeconds = '0', cores = '1'] = row.split('\t');
  total += Number(seconds);
  const cpu = `${Math.round((100 * Number(cpuSeconds)) / Math.max(1, Number(seconds) * Number(cores)))}%`.padStart(6);
  const file = path.join(results, `${name}.json`);
  const mark = status === '0' ? '' : ` (exit ${status})`;
  if (!fs.existsSync(file)) {
    lines.push(`${(name + mark).padEnd(32)}${seconds.padStart(7)}${cpu}`);
    continue;
  }
  const run = JSON.parse(fs.readFileSync(file, 'utf8')) as VitestJson;
  passed += run.numPassedTests;
  failed += run.numFailedTests;
  skipped += run.numPendingTests + run.numTodoTests;
  for (const result of run.testResults) {
    const file = result.name.replace(root, '');
    const failedTests = result.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${name}: ${file} > ${test.fullName}\n    ${firstLine(test.failureMessages[0])}`);
    if (result.status === 'failed' && failedTests.length === 0) failures.push(`${name}: ${file}\n    ${firstLine(result.message)}`);
  }
  const slowest = run.testResults
    .map((result) => ({ file: result.name.replace(root, ''), seconds: (result.endTime - result.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 5)
    .map(({ file, seconds }) => `${file} ${seconds.toFixed(0)}`)
    .join(', ');
  lines.push(
    `${(name + mark).padEnd(32)}${seconds.padStart(7)}${cpu}${String(run.testResults.length).padStart(7)}${String(run.numPassedTests).padStart(8)}${String(run.numFailedTests).padStart(8)}${String(run.numPendingTests + run.numTodoTests).padStart(9)}  ${slowest}`,
  );
}
lines.push(`${'total'.padEnd(32)}${String(total).padStart(7)}`);
if (failures.length > 0) lines.push('', '== Failed', '', ...failures);
lines.push('', `suite: ${passed} passed, ${failed} failed, ${skipped} skipped`);
console.log(lines.join('\n'));

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';
}
