import type { FastifyReply } from 'fastify';

/**
 * Recipients' bytes (and what is made from them: transcripts) are served from the product's own origin, so a file that is not what it claims must not run
 * there: no MIME sniffing, and a CSP that sandboxes the response (opaque origin, no scripts, no forms) should a
 * browser ever render it as a document. Videos and images still play when opened on their own.
 */
export const USER_CONTENT_CSP = "sandbox; default-src 'none'; media-src 'self'; img-src 'self'; style-src 'unsafe-inline'";

export function setUserContentHeaders(reply: FastifyReply): void {
  reply.header('Content-Security-Policy', USER_CONTENT_CSP);
  reply.header('X-Content-Type-Options', 'nosniff');
}
