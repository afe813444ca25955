import type {
  CreateRecordingRequest,
  FieldMode,
  ListRecordingRequestsQuery,
  PublicRecordingRequest,
  RecordingRequest,
  RecordingRequestList,
  UpdateRecordingRequest,
} from '@showback/contract';
import { ACCEPTED_VIDEO_TYPES, LOCALE_CODES, MAX_DURATION_DEFAULT_SECONDS, type Locale } from '@showback/contract';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { RecordingRequestsTable } from '../../db/schema.ts';
import { notFound, validationFailed } from '../../errors.ts';
import { deleteSubmissionsOfRequest } from '../submissions/submissions.service.ts';
import { recorderLinkBase } from '../subdomains/subdomains.service.ts';
import { publicBranding } from '../branding/branding.service.ts';
import { newRequestToken } from './request-token.ts';
import { resolveToken } from './resolve-token.ts';
import { isWidgetToken, WIDGET_REQUEST_TITLE } from '../widget/widget.service.ts';
import * as repo from './requests.repository.ts';
import { sanitizeInstructions } from './sanitize-instructions.ts';
import { iso } from '../../db/iso.ts';

export const UPLOAD_PATH = '/uploads';

/** `base`: the account's recorder origin (recorderLinkBase: its active branded subdomain, else PUBLIC_URL). */
export function linkUrl(base: string, token: string): string {
  return `${base}/r/${token}`;
}

// The column holds what the contract's LocaleSchema let in; a language dropped from the list later reads as none.
const asLocale = (value: string | null): Locale | null => LOCALE_CODES.find((code) => code === value) ?? null;

export function toRecordingRequest(linkBase: string, row: repo.RecordingRequestRecord): RecordingRequest {
  return {
    id: row.id,
    title: row.title,
    instructions: row.instructions_html,
    microphone: row.microphone,
    max_duration_seconds: row.max_duration_seconds,
    expires_at: iso(row.expires_at),
    fields: { name: row.field_name, email: row.field_email, note: row.field_note },
    redirect_url: row.redirect_url,
    language: asLocale(row.language),
    status: row.status,
    token: row.token,
    link_url: linkUrl(linkBase, row.token),
    submission_count: row.submission_count,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

function redirectUrl(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw validationFailed({ redirect_url: ['must be a full http(s) URL'] });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw validationFailed({ redirect_url: ['must start with http:// or https://'] });
  return url.toString();
}

function columns(input: UpdateRecordingRequest): Updateable<RecordingRequestsTable> {
  const values: Updateable<RecordingRequestsTable> = {};
  if (input.title !== undefined) {
    const title = input.title.trim();
    if (!title) throw validationFailed({ title: ["can't be blank"] });
    values.title = title;
  }
  if (input.instructions !== undefined) values.instructions_html = sanitizeInstructions(input.instructions);
  if (input.microphone !== undefined) values.microphone = input.microphone;
  if (input.max_duration_seconds !== undefined) values.max_duration_seconds = input.max_duration_seconds;
  if (input.expires_at !== undefined) {
    // A link that is dead from the start (or made dead by an edit) is a mistake, never an intention: refused.
    if (input.expires_at !== null && new Date(input.expires_at).getTime() <= Date.now()) throw validationFailed({ expires_at: ['must be in the future'] }, 'The expiry date is in the past');
    values.expires_at = input.expires_at;
  }
  const fields = input.fields ?? {};
  const set = (key: 'name' | 'email' | 'note', mode: FieldMode | undefined) => {
    if (mode !== undefined) values[`field_${key}`] = mode;
  };
  set('name', fields.name);
  set('email', fields.email);
  set('note', fields.note);
  const redirect = redirectUrl(input.redirect_url);
  if (redirect !== undefined) values.redirect_url = redirect;
  if (input.language !== undefined) values.language = input.language;
  return values;
}

export async function getRequest(ctx: AppContext, accountId: string, id: string): Promise<RecordingRequest> {
  const row = await repo.findRequest(ctx.db, accountId, id);
  if (!row) throw notFound('Recording request');
  return toRecordingRequest(await recorderLinkBase(ctx, accountId), row);
}

export async function createRequest(ctx: AppContext, user: { id: string; accountId: string }, input: CreateRecordingRequest): Promise<RecordingRequest> {
  const values = columns(input);
  const id = await repo.insertRequest(ctx.db, {
    account_id: user.accountId,
    created_by: user.id,
    title: values.title as string,
    instructions_html: values.instructions_html ?? '',
    microphone: values.microphone ?? 'optional',
    max_duration_seconds: values.max_duration_seconds ?? MAX_DURATION_DEFAULT_SECONDS,
    expires_at: values.expires_at ?? null,
    field_name: values.field_name ?? 'optional',
    field_email: values.field_email ?? 'optional',
    field_note: values.field_note ?? 'optional',
    redirect_url: values.redirect_url ?? null,
    language: values.language ?? null,
    token: newRequestToken(),
  });
  return getRequest(ctx, user.accountId, id);
}

export async function listRequests(ctx: AppContext, accountId: string, query: ListRecordingRequestsQuery): Promise<RecordingRequestList> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 20;
  const { rows, total } = await repo.listRequests(ctx.db, accountId, {
    ...(query.status ? { status: query.status } : {}),
    ...(query.q?.trim() ? { q: query.q.trim() } : {}),
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  const linkBase = await recorderLinkBase(ctx, accountId);
  return { items: rows.map((row) => toRecordingRequest(linkBase, row)), page, per_page: perPage, total };
}

export async function updateRequest(ctx: AppContext, accountId: string, id: string, input: UpdateRecordingRequest): Promise<RecordingRequest> {
  const values = columns(input);
  if (!(await repo.updateRequest(ctx.db, accountId, id, values))) throw notFound('Recording request');
  return getRequest(ctx, accountId, id);
}

export async function setRequestStatus(ctx: AppContext, accountId: string, id: string, status: 'active' | 'archived'): Promise<RecordingRequest> {
  if (!(await repo.updateRequest(ctx.db, accountId, id, { status }))) throw notFound('Recording request');
  return getRequest(ctx, accountId, id);
}

/** Retires the current link (it answers 410 LINK_REVOKED from now on) and issues a new one. */
export async function revokeRequestLink(ctx: AppContext, accountId: string, id: string): Promise<RecordingRequest> {
  await ctx.db.transaction().execute(async (trx) => {
    const token = await repo.lockRequestToken(trx, accountId, id);
    if (token === undefined) throw notFound('Recording request');
    await repo.recordRevokedToken(trx, id, token);
    await repo.updateRequest(trx, accountId, id, { token: newRequestToken() });
  });
  return getRequest(ctx, accountId, id);
}

/** Deletes the request with its submissions and their stored files. */
export async function deleteRequest(ctx: AppContext, accountId: string, id: string): Promise<void> {
  if (!(await repo.findRequest(ctx.db, accountId, id))) throw notFound('Recording request');
  await deleteSubmissionsOfRequest(ctx, accountId, id);
  await repo.deleteRequest(ctx.db, accountId, id);
}

export async function getPublicRequest(ctx: AppContext, token: string): Promise<PublicRecordingRequest> {
  const row = await resolveToken(ctx, token);
  return {
    title: row.title,
    default_title: isWidgetToken(token) && row.title === WIDGET_REQUEST_TITLE,
    instructions_html: row.instructions_html,
    microphone: row.microphone,
    max_duration_seconds: row.max_duration_seconds,
    fields: { name: row.field_name, email: row.field_email, note: row.field_note },
    redirect_url: row.redirect_url,
    language: asLocale(row.language),
    account_name: row.account_name,
    max_upload_bytes: ctx.config.maxUploadBytes,
    accepted_types: [...ACCEPTED_VIDEO_TYPES],
    upload_endpoint: UPLOAD_PATH,
    branding: await publicBranding(ctx, row.account_id),
    recipient: (await ctx.findRequestRecipient(ctx.db, row.id)) ?? null,
  };
}
