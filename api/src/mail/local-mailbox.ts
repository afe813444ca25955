import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailMessage, Mailer } from './mailer.ts';

export interface StoredMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  sent_at: string;
  message_id: string;
}

const ID = /^[\w-]{1,80}$/;

/**
 * Mail without an SMTP server: each message is rendered by nodemailer to a real .eml and written to DATA_DIR/mail
 * next to a JSON file with its fields. One file pair per message (no shared index file) keeps several processes
 * writing to one folder safe; the listing sorts by the time in the id.
 */
export class LocalMailbox implements Mailer {
  readonly kind = 'mailbox' as const;
  readonly dir: string;
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(dataDir: string, private readonly from: string) {
    this.dir = path.join(dataDir, 'mail');
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    const sentAt = new Date();
    const id = `${sentAt.getTime().toString().padStart(15, '0')}-${crypto.randomBytes(4).toString('hex')}`;
    const stored: StoredMail = {
      id,
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      sent_at: sentAt.toISOString(),
      message_id: info.messageId,
    };
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, `${id}.eml`), info.message as Buffer);
    // The JSON is written last and atomically: a message is listed only once both files are complete.
    const tmp = path.join(this.dir, `.${id}.json.tmp`);
    await fs.writeFile(tmp, JSON.stringify(stored, null, 2));
    await fs.rename(tmp, path.join(this.dir, `${id}.json`));
    return { messageId: info.messageId };
  }

  /** Newest first. */
  async list(): Promise<StoredMail[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const ids = names.filter((n) => n.endsWith('.json') && !n.startsWith('.')).map((n) => n.slice(0, -5)).sort().reverse();
    const mails = await Promise.all(ids.map((id) => this.find(id)));
    return mails.filter((m): m is StoredMail => !!m);
  }

  async find(id: string): Promise<StoredMail | undefined> {
    if (!ID.test(id)) return undefined;
    try {
      return JSON.parse(await fs.readFile(path.join(this.dir, `${id}.json`), 'utf8')) as StoredMail;
    } catch {
      return undefined;
    }
  }

  async raw(id: string): Promise<Buffer | undefined> {
    if (!ID.test(id)) return undefined;
    return fs.readFile(path.join(this.dir, `${id}.eml`)).catch(() => undefined);
  }

  close(): void {
    this.transport.close();
  }
}
