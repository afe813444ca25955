import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makePgliteFolder, makePgliteSnapshot, makePostgresTemplate } from './make-database-templates.ts';
import { TEMPLATE_ENV } from './database-template.ts';

/**
 * vitest globalSetup of the API tests: the run's migrated database, in the engine the run uses (TEST_DATABASE_URL
 * set: a template database on that PostgreSQL; else a PGlite dump for in-memory test apps and a data folder for API
 * processes of their own). The workers, started after this, inherit the environment variables that name them.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await makePostgresTemplate(adminUrl);
    process.env[TEMPLATE_ENV.postgresTemplate] = template.name;
    return template.drop;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-template-'));
  await Promise.all([makePgliteSnapshot(path.join(dir, 'pglite.tar')), makePgliteFolder(path.join(dir, 'db'))]);
  process.env[TEMPLATE_ENV.pgliteSnapshot] = path.join(dir, 'pglite.tar');
  process.env[TEMPLATE_ENV.pgliteFolder] = path.join(dir, 'db');
  return () => fs.rm(dir, { recursive: true, force: true });
}
