import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TEMPLATE_ENV } from '../../api/test/support/database-template.ts';
import { makePgliteFolder } from '../../api/test/support/make-database-templates.ts';

/**
 * vitest globalSetup of the browser scenarios: one migrated PGlite data folder that startServer copies into each new
 * server's data folder, so no scenario's server runs the migrations (see api/test/support/database-template.ts).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-template-'));
  await makePgliteFolder(path.join(dir, 'db'));
  process.env[TEMPLATE_ENV.pgliteFolder] = path.join(dir, 'db');
  return () => fs.rm(dir, { recursive: true, force: true });
}
