import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AppError } from '../../errors.ts';
import { bearerAccessToken } from '../../plugins/auth.ts';
import { resolveAccessToken, type TokenCaller } from '../access-tokens/access-tokens.service.ts';
import { createMcpServer } from './mcp-server.ts';

export const MCP_PATH = '/mcp';

/**
 * A page of another site must not drive the server through a visitor's browser (DNS rebinding: a name of theirs
 * resolving to a Showback on the visitor's network): a request carrying an Origin is served only from our own.
 * Agents and their MCP clients send none.
 */
function assertOwnOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== new URL(request.server.ctx.config.publicUrl).origin) {
    throw new AppError('FORBIDDEN', 'The MCP server does not answer web pages of other sites.');
  }
}

/** The caller's personal access token; the server takes no cookie, so a browser's session can never reach it. */
async function authenticate(request: FastifyRequest): Promise<TokenCaller> {
  const token = bearerAccessToken(request);
  if (token === undefined) {
    throw new AppError('UNAUTHENTICATED', 'The MCP server needs a personal access token: Authorization: Bearer shb_pat_… (make one on /my/account).', {
      headers: { 'WWW-Authenticate': 'Bearer realm="Showback"' },
    });
  }
  const caller = await resolveAccessToken(request.server.ctx, token);
  // The request's log line names the token and its person, as for the API's bearer calls.
  request.user = caller.user;
  request.accessToken = { id: caller.tokenId, scope: caller.scope };
  return caller;
}

/**
 * The MCP server (docs/mcp.md) over Streamable HTTP, stateless: each POST carries its JSON-RPC message and gets its
 * answer as JSON; no session lives in a process, so any API process answers any call. GET (a stream of server
 * messages) and DELETE (ending a session) have nothing to serve: 405.
 */
export const mcpRoutes: FastifyPluginAsync = async (app) => {
  const options = { config: { csrf: false as const }, schema: { hide: true } };

  app.post(MCP_PATH, options, async (request, reply) => {
    assertOwnOrigin(request);
    const caller = await authenticate(request);
    const server = createMcpServer(app.ctx, caller);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: MCP_PATH,
      ...options,
      handler: async (request, reply) => {
        assertOwnOrigin(request);
        await authenticate(request);
        return reply
          .status(405)
          .header('Allow', 'POST')
          .send({ jsonrpc: '2.0', error: { code: -32000, message: 'This MCP server is stateless: POST each JSON-RPC message to /mcp.' }, id: null });
      },
    });
  }
};
