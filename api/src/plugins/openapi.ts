import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PERMISSIONS, type Permission } from '@showback/contract';

type Json = Record<string, unknown>;

/**
 * Routes use the contract's TypeBox schemas directly (for typing and validation); in the document every schema
 * carrying an $id becomes a named component referred to by $ref. Done on the finished document rather than with
 * addSchema: shared schemas nest the same $id (Warning in User and in BillingState), which Ajv refuses to register twice.
 */
export function nameSchemas(doc: Json): Json {
  const components: Record<string, unknown> = { ...((doc.components as Json | undefined)?.schemas as Json | undefined) };
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const entries = Object.entries(node as Json).filter(([k]) => k !== '$id');
    const converted = Object.fromEntries(entries.map(([k, v]) => [k, walk(v)]));
    const allOf = converted.allOf;
    if (Array.isArray(allOf) && allOf.length === 1 && Object.keys(converted).length === 1 && (allOf[0] as Json).$ref) return allOf[0];
    const id = (node as Json).$id;
    if (typeof id !== 'string' || !/^[\w.-]+$/.test(id)) return converted;
    components[id] ??= converted;
    return { $ref: `#/components/schemas/${id}` };
  };
  const paths = walk(doc.paths);
  const schemas: Json = {};
  // Components may themselves hold named schemas; convert until nothing new appears.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [id, schema] of Object.entries(components)) {
      if (schemas[id]) continue;
      schemas[id] = walk(schema);
      changed = true;
    }
  }
  return { ...doc, paths, components: { ...(doc.components as Json | undefined), schemas } };
}

// @fastify/swagger drops the $id of a route's top-level body/response schema; wrapped in allOf it survives until
// nameSchemas turns it into a $ref (and unwraps the allOf again).
const wrap = (schema: unknown): unknown =>
  schema && typeof schema === 'object' && typeof (schema as Json).$id === 'string' ? { allOf: [schema] } : schema;

function keepTopLevelIds(schema: Json | undefined): Json | undefined {
  if (!schema) return schema;
  const out: Json = { ...schema };
  for (const key of ['body', 'querystring', 'params']) if (out[key]) out[key] = wrap(out[key]);
  if (out.response && typeof out.response === 'object') {
    out.response = Object.fromEntries(Object.entries(out.response as Json).map(([status, s]) => [status, wrap(s)]));
  }
  return out;
}

/** An operation open to personal access tokens (the permission table's `token`) lists the bearer scheme and its scope. */
function withSecurity(schema: Json | undefined, action: Permission | undefined): Json | undefined {
  const scope = action ? PERMISSIONS[action].token : undefined;
  if (!scope) return schema;
  const note = `Personal access tokens with the \`${scope}\` scope may call this.`;
  return { ...schema, security: [{ session: [] }, { bearer: [] }], description: [schema?.description, note].filter(Boolean).join('\n\n') };
}

/** The OpenAPI document at /api/openapi.json, generated from the route schemas, and a readable page at /api/docs. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Showback API',
        version: '1.0.0',
        description:
          'JSON API of Showback. A browser calls with the session cookie, and state-changing calls add the X-CSRF-Token header (from the page meta tag or GET /api/v1/csrf). ' +
          'Scripts and agents call the operations that list the `bearer` scheme with a personal access token (`Authorization: Bearer shb_pat_…`, made on /my/account) and no CSRF token; each such operation names the scope it needs (docs/api.md).',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sb_session' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
          bearer: { type: 'http', scheme: 'bearer', description: 'A personal access token (shb_pat_…) with the read or write scope; write includes read.' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: ({ schema, url, route }) => {
      // Only the JSON API is documented; HTML, assets and dev pages are not part of it.
      const hide = !url.startsWith('/api/') || url === '/api/openapi.json' || url.startsWith('/api/docs');
      return { schema: hide ? { ...schema, hide: true } : withSecurity(keepTopLevelIds(schema as Json), route.config?.permission), url, route } as never;
    },
    transformObject: (documentObject) => nameSchemas((documentObject as { openapiObject: Json }).openapiObject) as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
