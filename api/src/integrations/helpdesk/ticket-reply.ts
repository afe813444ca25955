import { isRtl, type RecordingRequest, type TicketReply } from '@showback/contract';
import { customerTexts, knownCustomerLocale, localizedLink } from '../../customer-language/customer-language.ts';
import { escapeHtml } from '../../web/message-page.ts';

// Stands for the link while the sentence is escaped, then becomes the anchor: the sentence stays whole in the catalogue.
const LINK_MARK = '\u0000link\u0000';

/**
 * What the helpdesk's app puts into the agent's reply: the request's language, else the requester's as the helpdesk
 * keeps it, else English (the link then has no prefix, so the customer's browser still chooses).
 */
export function ticketReply(request: Pick<RecordingRequest, 'language' | 'link_url'>, requesterLocale: string | null | undefined): TicketReply {
  const known = knownCustomerLocale(request.language, [requesterLocale]);
  const language = known ?? 'en';
  const link = known ? localizedLink(request.link_url, known) : request.link_url;
  const ask = customerTexts(language).reply.askToRecord;
  const anchor = `<a href="${escapeHtml(link)}" dir="ltr">${escapeHtml(link)}</a>`;
  const html = `<p lang="${language}"${isRtl(language) ? ' dir="rtl"' : ''}>${escapeHtml(ask(LINK_MARK)).replace(LINK_MARK, anchor)}</p>`;
  return { language, link_url: link, text: ask(link), html };
}
