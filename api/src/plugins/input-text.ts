import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isStorableText, type FieldErrors } from '@showback/contract';
import { validationFailed } from '../errors.ts';

const MESSAGE = 'contains characters that are not allowed (NUL or invalid Unicode)';

/**
 * Field names, dotted like the schema validation errors (`appearance.label`, `events.0.message`), of unstorable text;
 * `part` (query, body) names what holds a bad top-level key. A loop, not recursion: JSON can nest deeper than the stack.
 */
function collect(input: unknown, part: string, out: FieldErrors): void {
  const pending: [unknown, string][] = [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, field] = next;
    if (typeof value === 'string') {
      if (!isStorableText(value)) out[field || part] = [MESSAGE];
      continue;
    }
    // Raw bodies (the Stripe webhook's bytes) are not text the API stores.
    if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      // A bad key cannot be named as itself; the object holding it is.
      if (!isStorableText(key)) out[field || part] = [MESSAGE];
      else pending.push([child, field ? `${field}.${key}` : key]);
    }
  }
}

/**
 * Every string entering a route (path parameters, query, parsed JSON body) is checked here, before schema validation
 * and before any handler, so a route with no schema or a schema without a pattern is covered the same way.
 * Headers need no check: Node's HTTP parser refuses NUL and control bytes in them and they cannot carry surrogates.
 */
export const inputTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const errors: FieldErrors = {};
    // A wildcard route (/uploads/*) holds the rest of its path under '*'; the error calls it path.
    const { '*': rest, ...params } = (request.params ?? {}) as Record<string, unknown>;
    collect(rest === undefined ? params : { ...params, path: rest }, 'params', errors);
    collect(request.query, 'query', errors);
    collect(request.body, 'body', errors);
    if (Object.keys(errors).length) throw validationFailed(errors);
  });
});
