import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { UPLOAD_PATH } from '../requests/requests.service.ts';
import { EarlyProcessing } from './early-processing.ts';
import { createTusServer, inOneErrorShape } from './tus-server.ts';

/**
 * Mounts the tus server at /uploads. Fastify hands over the raw request unread (tus streams the body itself);
 * GET is not routed, so nobody can read an upload back through this endpoint.
 */
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const early = new EarlyProcessing(app.ctx, app.log);
  app.addHook('onClose', () => early.close());
  const tus = createTusServer(app.ctx, early);
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    // tus.handle(req, res) without its plain-text refusals: the same Node adapter, with the answer checked in between.
    const response = await tus.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw }));
    const uploadId = (request.params as { '*'?: string })['*'];
    const stored = response.headers.get('Upload-Offset');
    if (request.method === 'PATCH' && response.status === 204 && uploadId && stored) early.received(uploadId, Number(stored));
    await sendNodeResponse(reply.raw, await inOneErrorShape(response));
  };
  const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
  // Authorised by the request token and the upload id, never by cookies: no CSRF token.
  const config = { csrf: false as const };
  app.route({ method: [...methods], url: UPLOAD_PATH, handler, config, exposeHeadRoute: false });
  app.route({ method: [...methods], url: `${UPLOAD_PATH}/*`, handler, config, exposeHeadRoute: false });
};
