/** Accepts `acme`, `acme.freshdesk.com` or `https://acme.freshdesk.com/a/tickets/1`: people paste what they see. */
export function freshdeskDomainOf(input: string): string {
  const host = input.trim().toLowerCase().replace(/^https?:\/\//, '').split('/')[0] ?? '';
  return host.includes('.') ? host : `${host}.freshdesk.com`;
}
