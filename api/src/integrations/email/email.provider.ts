import type { Provider } from '../kit/provider.ts';
import { emailChannel } from './email-channel.ts';

/** The alert email to the account's people (no settings of its own: the mailer is core's). */
export const emailProvider: Provider = {
  id: 'email',
  channel: emailChannel,
};
