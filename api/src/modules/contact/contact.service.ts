import { createHash } from 'node:crypto';
import type { ContactReceipt, ContactRequest } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError, validationFailed } from '../../errors.ts';
import { countRecentFromIp, insertSupportRequest, markNotified } from './contact.repository.ts';
import { iso } from '../../db/iso.ts';

/** Per sender address: enough for a person writing twice, too few for a script. */
export const CONTACT_RATE = { max: 5, windowMs: 15 * 60_000 } as const;

export interface TeamMail {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
}

export interface ContactDeps {
  ctx: AppContext;
  /** Sends one email to the team; a failure is recorded on the request, never lost. */
  sendMail: (mail: TeamMail) => Promise<void>;
  log: { error: (obj: object, msg: string) => void };
}

/** The sender's address as kept with a request (also for /support requests, modules/support). */
export function hashIp(ctx: AppContext, ip: string): string {
  return createHash('sha256').update(`${ctx.secret}:contact:${ip}`).digest('hex');
}

function clean(input: ContactRequest): ContactRequest {
  const company = input.company?.trim();
  return {
    name: input.name.trim(),
    email: input.email.trim().toLowerCase(),
    topic: input.topic,
    message: input.message.trim(),
    ...(company ? { company } : {}),
  };
}

function teamMail(to: string, id: string, input: ContactRequest): TeamMail {
  const lines = [
    `New ${input.topic} message from the contact form.`,
    '',
    `From: ${input.name} <${input.email}>`,
    `Company: ${input.company ?? '—'}`,
    `Topic: ${input.topic}`,
    `Reference: ${id}`,
    '',
    input.message,
  ];
  return { to, replyTo: input.email, subject: `[Contact · ${input.topic}] ${input.name}`, text: lines.join('\n') };
}

/**
 * Stores the message first, then emails the team. The stored row is the record of truth: if the email fails the
 * request stays in the admin list with the error, so nothing a visitor wrote is lost.
 */
export async function submitContact(deps: ContactDeps, raw: ContactRequest, sender: { ip: string; userId: string | null }): Promise<ContactReceipt> {
  const input = clean(raw);
  if (input.name === '') throw validationFailed({ name: ["can't be blank"] });
  if (input.message.length < 10) throw validationFailed({ message: ['is too short (minimum is 10 characters)'] });

  const { ctx } = deps;
  const ipHash = hashIp(ctx, sender.ip);
  const recent = await countRecentFromIp(ctx.db, ipHash, new Date(Date.now() - CONTACT_RATE.windowMs));
  if (recent >= CONTACT_RATE.max) {
    throw new AppError('RATE_LIMITED', 'You have sent several messages in a short time. Please wait a few minutes and try again.');
  }

  const row = await insertSupportRequest(ctx.db, {
    name: input.name,
    email: input.email,
    company: input.company ?? null,
    topic: input.topic,
    message: input.message,
    user_id: sender.userId,
    ip_hash: ipHash,
  });
  try {
    await deps.sendMail(teamMail(ctx.config.adminEmail, row.id, input));
    await markNotified(ctx.db, row.id, null);
  } catch (err) {
    deps.log.error({ err, supportRequestId: row.id }, 'contact email to the team failed');
    await markNotified(ctx.db, row.id, err instanceof Error ? err.message.slice(0, 500) : 'send failed');
  }
  return { id: row.id, received_at: iso(row.created_at) };
}
