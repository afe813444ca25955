import type { SubmissionRecord } from './submissions.repository.ts';

/** `<request-title>-<recipient>-<YYYY-MM-DD>.<ext>`, reduced to characters every file system accepts. */
export function downloadName(parts: { title: string; recipient: string | null; createdAt: Date | string; extension: string }): string {
  const slug = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .toLowerCase();
  const date = new Date(parts.createdAt).toISOString().slice(0, 10);
  return [slug(parts.title) || 'recording', parts.recipient ? slug(parts.recipient) : '', date].filter(Boolean).join('-') + `.${parts.extension}`;
}

/** The download name of a submission's video. */
export const submissionFileName = (row: Pick<SubmissionRecord, 'request_title' | 'recipient_name' | 'recipient_email' | 'created_at'>, extension: string): string =>
  downloadName({ title: row.request_title, recipient: row.recipient_name ?? row.recipient_email, createdAt: row.created_at, extension });
