import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * The secret that signs cookies and CSRF tokens: SESSION_SECRET, else one generated on first start and kept in
 * DATA_DIR/secret. Created with O_EXCL so processes starting together on the same DATA_DIR end up with the same
 * value; processes on different machines must share SESSION_SECRET.
 */
export async function loadSecret(config: Readonly<Pick<Config, 'sessionSecret' | 'dataDir'>>): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'secret');
  await fs.mkdir(config.dataDir, { recursive: true });
  try {
    await fs.writeFile(file, crypto.randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    const value = (await fs.readFile(file, 'utf8')).trim();
    // Another process may have created the file and not finished writing it yet.
    if (value.length >= 32) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${file} does not hold a secret of 32+ characters; delete it or set SESSION_SECRET`);
}
