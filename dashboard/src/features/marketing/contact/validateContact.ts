import { CONTACT_LIMITS, CONTACT_TOPICS, type ContactRequest, type ContactTopic } from '@showback/contract';
import { t } from '../../../messages/t.ts';
import '../../../messages/en/marketing.ts';

export type ContactField = 'name' | 'email' | 'company' | 'topic' | 'message';
export type ContactErrors = Partial<Record<ContactField, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The same rules as the API's schema (contract/src/contact.ts), checked before sending so errors show at once. */
export function validateContact(values: Record<ContactField, string>): { errors: ContactErrors; body?: ContactRequest } {
  const errors: ContactErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const company = values.company.trim();
  const message = values.message.trim();
  if (!name) errors.name = t('marketing.contact.required');
  if (!email) errors.email = t('marketing.contact.required');
  else if (!EMAIL.test(email) || email.length > CONTACT_LIMITS.email) errors.email = t('marketing.contact.invalidEmail');
  if (!CONTACT_TOPICS.includes(values.topic as ContactTopic)) errors.topic = t('marketing.contact.chooseTopic');
  if (!message) errors.message = t('marketing.contact.required');
  else if (message.length < CONTACT_LIMITS.messageMin) errors.message = t('marketing.contact.tooShort');
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    body: {
      name: name.slice(0, CONTACT_LIMITS.name),
      email,
      topic: values.topic as ContactTopic,
      message: message.slice(0, CONTACT_LIMITS.message),
      ...(company ? { company: company.slice(0, CONTACT_LIMITS.company) } : {}),
    },
  };
}
