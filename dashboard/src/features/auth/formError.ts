import { ApiError, NETWORK_ERROR } from '../../app/api.ts';
import { t } from '../../messages/t.ts';
import '../../messages/en/common.ts';

export interface FormFailure {
  /** First message per field, for the fields the form shows. */
  fields: Record<string, string>;
  /** A message for the form as a whole, or undefined when field messages say it all. */
  form: string | undefined;
}

/**
 * Maps a failed call to what a form shows: field errors under the shown fields (first message each), the
 * spec's fallback text when there are none, and messages for fields the form does not show in the banner.
 */
export function formFailure(error: unknown, shownFields: readonly string[], fallback: string): FormFailure {
  if (!(error instanceof ApiError)) return { fields: {}, form: fallback };
  if (error.code === NETWORK_ERROR) return { fields: {}, form: t('common.networkError') };
  // These messages are written for the person: how long to wait, or why they may not (a disabled user, say).
  if (error.code === 'RATE_LIMITED' || error.code === 'FORBIDDEN') return { fields: {}, form: error.message };
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const first = messages[0];
    if (!first) continue;
    if (shownFields.includes(field)) fields[field] = first;
    else other.push(first);
  }
  if (Object.keys(fields).length === 0 && other.length === 0) return { fields, form: fallback };
  return { fields, form: other.length ? other.join(' ') : undefined };
}
