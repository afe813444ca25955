// What routing by Host costs a recipient (docs/branded-subdomains.md): GET /api/v1/public/requests/<token>, the
// recorder's first call, on the product's own host (the baseline, same run) and on the account's branded subdomain,
// where the host-routing hook first looks up the name and the token's account. The built server (`npm run build -w
// api` first), WORKERS=false, autocannon in this process; PGlite and, with TEST_DATABASE_URL, PostgreSQL. The owner
// claims the name as a trial's preview, which the subdomain serves like an active one.
import os from 'node:os';
import { createPostgresDatabase } from '../api/test/support/test-app.ts';
import { createRequest, signUpOwner } from '../e2e/recording/owner.ts';
import { startServer } from '../e2e/support/server.ts';
import { CONNECTIONS, DURATION, load, measureRounds, ROUNDS, type Figures } from './support/http-load.ts';

const BASE = 'showback.test';

async function benchDatabase(name: string, env: Record<string, string>): Promise<void> {
  const server = await startServer({ ...env, WORKERS: 'false', BRANDED_BASE_DOMAIN: BASE });
  try {
    const owner = await signUpOwner(server.url);
    const claimed = await fetch(`${server.url}/api/v1/account/subdomain`, { method: 'PUT', headers: owner.headers, body: JSON.stringify({ name: 'acme' }) });
    if (!claimed.ok) throw new Error(`claiming acme answered ${claimed.status}: ${await claimed.text()}`);
    const request = await createRequest(owner, { title: 'Bench: subdomain' });
    const url = `${server.url}/api/v1/public/requests/${request.token}`;
    const loadBefore = load();
    const f = await measureRounds({
      main: { url, pid: server.pid },
      subdomain: { url, headers: { host: `acme.${BASE}:${server.port}` }, pid: server.pid },
    });
    const row = (host: string, x: Figures) => ({
      host,
      'req/s': Math.round(x.rps),
      'p50 ms': x.p50,
      'p99 ms': x.p99,
      'req/s vs main host': (x.rps / f.main.rps).toFixed(2),
      'server CPU ms/req': x.cpuMs?.toFixed(3) ?? '',
      'CPU vs main host': x.cpuMs && f.main.cpuMs ? (x.cpuMs / f.main.cpuMs).toFixed(2) : '',
      errors: x.errors,
    });
    console.log(`\n${name}: GET /api/v1/public/requests/<token>, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s each (medians), load average before: ${loadBefore}, after: ${load()} on ${os.cpus().length} cores`);
    console.table([row('product host (baseline)', f.main), row(`acme.${BASE}`, f.subdomain)]);
    if (f.main.errors || f.subdomain.errors) throw new Error('some requests failed');
  } finally {
    await server.stop();
  }
}

await benchDatabase('PGlite', {});
const admin = process.env.TEST_DATABASE_URL;
if (admin) {
  const database = await createPostgresDatabase(admin);
  try {
    await benchDatabase('PostgreSQL', { DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
} else {
  console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL, as `npm test` does)');
}
