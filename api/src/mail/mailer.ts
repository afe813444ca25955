import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { LocalMailbox } from './local-mailbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** `cid` makes an attachment an inline image the HTML refers to as `cid:<cid>`. */
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[];
  /** List-* headers, for the one-click unsubscribe link (nodemailer writes List-Unsubscribe). */
  list?: { unsubscribe: string };
  headers?: Record<string, string>;
}

export interface Mailer {
  /** 'mailbox' writes to DATA_DIR/mail (readable at /dev/mailbox); 'smtp' sends through SMTP_URL. */
  readonly kind: 'smtp' | 'mailbox';
  /** Sends one message; resolves with its Message-ID once the transport accepted it. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

export function createMailer(config: Readonly<Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>>): Mailer {
  if (!config.smtpUrl) return new LocalMailbox(config.dataDir, config.mailFrom);
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    kind: 'smtp',
    send: async (message) => {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
