/** Accepts `acme`, `acme.zendesk.com` or `https://acme.zendesk.com/agent/…`: people paste what they see. */
export function subdomainOf(input: string): string {
  const text = input.trim().toLowerCase().replace(/^https?:\/\//, '');
  return text.split(/[./]/)[0] ?? '';
}
