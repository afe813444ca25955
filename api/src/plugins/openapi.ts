import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import * as contract from '@showback/contract';

/**
 * The OpenAPI document, generated from the route schemas (the contract's TypeBox schemas), at /api/openapi.json,
 * and a readable page at /api/docs. Schemas with an $id become named components.
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  const named = new Set<string>();
  for (const value of Object.values(contract)) {
    const id = (value as { $id?: unknown } | null)?.$id;
    if (typeof value === 'object' && typeof id === 'string' && !named.has(id)) {
      named.add(id);
      app.addSchema(value as unknown as { $id: string });
    }
  }
  // Routes use the contract's schema objects directly (for typing); the document refers to them by name instead.
  const toRefs = (node: unknown, depth = 0): unknown => {
    if (Array.isArray(node)) return node.map((n) => toRefs(n, depth + 1));
    if (!node || typeof node !== 'object') return node;
    const id = (node as { $id?: unknown }).$id;
    if (depth > 0 && typeof id === 'string' && named.has(id)) return { $ref: `${id}#` };
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, toRefs(v, depth + 1)]));
  };
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Showback API', version: '1.0.0', description: 'JSON API of Showback. State-changing calls need the X-CSRF-Token header (GET /api/v1/csrf) and the session cookie.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sb_session' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    hiddenTag: 'internal',
    transform: ({ schema, url, route }) => {
      // Only the JSON API is documented; HTML, assets and dev pages are not part of it.
      const hide = !url.startsWith('/api/') || url === '/api/openapi.json' || url.startsWith('/api/docs');
      return { schema: hide ? { ...schema, hide: true } : toRefs(schema), url, route } as never;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
