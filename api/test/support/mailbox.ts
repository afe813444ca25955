import type { TestApp } from './test-app.ts';
import { body, type SignedUp } from './auth.ts';

export interface Mail { id: string; to: string; subject: string; text: string }

/** Mails to `to` in the local mailbox, read as the system admin (the only one who may), once `count` have arrived. */
export async function waitForMail(t: Pick<TestApp, 'url'>, admin: SignedUp, to: string, count = 1): Promise<Mail[]> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = ((await body(await fetch(`${t.url}/dev/mailbox/messages.json`, { headers: admin.headers }))) as Mail[]).filter((m) => m.to === to);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail for ${to}`);
}

/** The first link of a mail's text part. */
export const linkIn = (mail: Mail): URL => new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
