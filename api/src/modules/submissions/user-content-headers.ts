import type { FastifyReply } from 'fastify';

/**
 * Recipients' bytes (and what is made from them: transcripts) are served from the product's own origin, so a file
 * that is not what it claims must not run there: no MIME sniffing, and a CSP that sandboxes the response (no scripts,
 * forms, popups or plugins) should a browser ever render it as a document. allow-same-origin only because a video
 * opened in a tab of its own is a media document that fetches the same URL again, which an opaque origin may not;
 * without allow-scripts nothing in the document can use that origin.
 */
export const USER_CONTENT_CSP = "sandbox allow-same-origin; default-src 'none'; media-src 'self'; img-src 'self'; style-src 'unsafe-inline'";

export function setUserContentHeaders(reply: FastifyReply): void {
  reply.header('Content-Security-Policy', USER_CONTENT_CSP);
  reply.header('X-Content-Type-Options', 'nosniff');
}
