import fs from 'node:fs/promises';
import path from 'node:path';

export interface LocalMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** Mail the server kept in DATA_DIR/mail (no SMTP configured), read from disk as a person running it locally would. */
export async function mailTo(dataDir: string, to: string): Promise<LocalMail[]> {
  const dir = path.join(dataDir, 'mail');
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
  const mails = await Promise.all(names.map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8')) as LocalMail));
  return mails.filter((m) => m.to === to);
}
