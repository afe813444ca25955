import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_PATH } from '../requests/requests.service.ts';
import { createTusServer } from './tus-server.ts';

/**
 * Mounts the tus server at /uploads. Fastify hands over the raw request unread (tus streams the body itself);
 * GET is not routed, so nobody can read an upload back through this endpoint.
 */
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const tus = createTusServer(app.ctx);
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
  // Authorised by the request token and the upload id, never by cookies: no CSRF token.
  const config = { csrf: false as const };
  app.route({ method: [...methods], url: UPLOAD_PATH, handler, config, exposeHeadRoute: false });
  app.route({ method: [...methods], url: `${UPLOAD_PATH}/*`, handler, config, exposeHeadRoute: false });
};
