import { Type, type Static } from 'typebox';

/** What a visitor may write to the team about; the admin list filters by it. */
export const CONTACT_TOPICS = ['sales', 'support', 'billing', 'enterprise', 'partnership', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_LIMITS = { name: 120, email: 254, company: 160, message: 5000, messageMin: 10 } as const;

export const ContactRequestSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: CONTACT_LIMITS.name }),
    email: Type.String({ minLength: 3, maxLength: CONTACT_LIMITS.email, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' }),
    company: Type.Optional(Type.String({ maxLength: CONTACT_LIMITS.company })),
    topic: Type.Enum(CONTACT_TOPICS),
    message: Type.String({ minLength: CONTACT_LIMITS.messageMin, maxLength: CONTACT_LIMITS.message }),
  },
  { $id: 'ContactRequest', additionalProperties: false, description: 'A message from the public contact form.' },
);
export type ContactRequest = Static<typeof ContactRequestSchema>;

export const ContactReceiptSchema = Type.Object(
  {
    id: Type.String({ description: 'Reference of the stored support request.' }),
    received_at: Type.String({ description: 'ISO 8601 time the request was stored.' }),
  },
  { $id: 'ContactReceipt' },
);
export type ContactReceipt = Static<typeof ContactReceiptSchema>;
