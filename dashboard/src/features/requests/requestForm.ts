import { MAX_DURATION_DEFAULT_SECONDS, type CreateRecordingRequest, type FieldMode, type Locale, type MicrophoneMode, type RecordingRequest } from '@showback/contract';
import { t } from '../../messages/t.ts';
import { isBlankHtml, sanitizeInstructions } from './sanitizeInstructions.ts';
import '../../messages/en/requests.ts';

/** What the form edits: strings as the inputs hold them. */
export interface RequestFormValues {
  title: string;
  instructions: string;
  microphone: MicrophoneMode;
  maxMinutes: string;
  /** YYYY-MM-DD in the owner's time zone, or ''. */
  expiryDate: string;
  name: FieldMode;
  email: FieldMode;
  note: FieldMode;
  redirectUrl: string;
  /** '' : the customer's browser decides. */
  language: Locale | '';
}

export type RequestFormErrors = Partial<Record<'title' | 'maxMinutes' | 'expiryDate' | 'redirectUrl' | 'instructions', string>>;

const pad = (n: number) => String(n).padStart(2, '0');

function localDate(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function initialValues(request?: RecordingRequest): RequestFormValues {
  return {
    title: request?.title ?? '',
    instructions: request?.instructions ?? '',
    microphone: request?.microphone ?? 'optional',
    maxMinutes: String(Math.max(1, Math.round((request?.max_duration_seconds ?? MAX_DURATION_DEFAULT_SECONDS) / 60))),
    expiryDate: request?.expires_at ? localDate(request.expires_at) : '',
    name: request?.fields.name ?? 'optional',
    email: request?.fields.email ?? 'optional',
    note: request?.fields.note ?? 'optional',
    redirectUrl: request?.redirect_url ?? '',
    language: request?.language ?? '',
  };
}

const endOfDay = (date: string): Date => new Date(`${date}T23:59:59.999`);

/** Today in the owner's time zone, for the date input's `min`. */
export const today = (): string => localDate(new Date().toISOString());

export function validate(values: RequestFormValues, now = Date.now()): RequestFormErrors {
  const errors: RequestFormErrors = {};
  if (!values.title.trim()) errors.title = t('requests.form.titleRequired');
  const minutes = Number(values.maxMinutes);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 60) errors.maxMinutes = t('requests.form.maxLengthInvalid');
  // The link stays open through the chosen day: a day already over would make it dead from the start (the API refuses
  // it too, VALIDATION_FAILED on expires_at).
  if (values.expiryDate && endOfDay(values.expiryDate).getTime() <= now) errors.expiryDate = t('requests.form.expiryPast');
  const url = values.redirectUrl.trim();
  if (url && !/^https?:\/\/\S+$/i.test(url)) errors.redirectUrl = t('requests.form.redirectInvalid');
  return errors;
}

/** The body for POST /requests; the link stays open through the whole chosen day, in the owner's time zone. */
export function toBody(values: RequestFormValues): CreateRecordingRequest {
  return {
    title: values.title.trim(),
    instructions: isBlankHtml(values.instructions) ? '' : sanitizeInstructions(values.instructions),
    microphone: values.microphone,
    max_duration_seconds: Number(values.maxMinutes) * 60,
    expires_at: values.expiryDate ? endOfDay(values.expiryDate).toISOString() : null,
    fields: { name: values.name, email: values.email, note: values.note },
    redirect_url: values.redirectUrl.trim() || null,
    language: values.language || null,
  };
}

/** Maps the server's field names (snake_case, possibly JSON-pointer style) to the form's inputs. */
export const SERVER_FIELDS: Record<string, keyof RequestFormErrors> = {
  title: 'title',
  instructions: 'instructions',
  max_duration_seconds: 'maxMinutes',
  expires_at: 'expiryDate',
  redirect_url: 'redirectUrl',
};
