import type { Recipient, RequestFields } from '@showback/contract';
import { m } from '../messages/index.ts';

export type DetailsErrors = Partial<Record<keyof Recipient, string>>;

const LIMITS: Record<keyof Recipient, number> = { name: 200, email: 320, note: 5000 };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Check the recipient's answers against what the request asks for; trimmed values, empty ones left out. */
export function validateDetails(fields: RequestFields, values: Recipient): { recipient: Recipient; errors: DetailsErrors } {
  const recipient: Recipient = {};
  const errors: DetailsErrors = {};
  for (const key of ['name', 'email', 'note'] as const) {
    const mode = fields[key];
    if (mode === 'off') continue;
    const value = (values[key] ?? '').trim();
    if (!value) {
      if (mode === 'required') errors[key] = m.details.required;
      continue;
    }
    if (value.length > LIMITS[key]) errors[key] = m.details.tooLong(LIMITS[key]);
    else if (key === 'email' && !EMAIL.test(value)) errors[key] = m.details.invalidEmail;
    else recipient[key] = value;
  }
  return { recipient, errors };
}

export const asksForDetails = (fields: RequestFields): boolean => Object.values(fields).some((mode) => mode !== 'off');
