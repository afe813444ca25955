import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  mail: ParsedMail;
  envelope: { from: string; to: string[] };
}

export interface LocalSmtpServer {
  url: string;
  received: ReceivedMail[];
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback (smtp-server) that parses every message it accepts (mailparser). */
export async function startSmtpServer(options: { rejectRecipient?: (address: string) => boolean } = {}): Promise<LocalSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, cb) => (auth.password === 'pw' ? cb(null, { user: auth.username }) : cb(new Error('Invalid login'))),
    onRcptTo: (address, _session, cb) => {
      if (options.rejectRecipient?.(address.address)) {
        const error = new Error('No such mailbox') as Error & { responseCode: number };
        error.responseCode = 550;
        return cb(error);
      }
      cb();
    },
    onData: (stream, session, cb) => {
      simpleParser(stream, { keepCidLinks: true }).then((mail) => {
        const envelope = { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address) };
        received.push({ mail, envelope });
        cb();
      }, cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://alerts:pw@127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 20_000) {
      for (const deadline = Date.now() + timeoutMs; received.length < count; await new Promise((r) => setTimeout(r, 50))) {
        if (Date.now() > deadline) throw new Error(`SMTP server got ${received.length} messages, expected ${count}`);
      }
      return received.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
