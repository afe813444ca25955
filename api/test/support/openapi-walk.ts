/**
 * The API's own OpenAPI document as a list of operations, with schemas resolved and a valid example value for any
 * schema. The fuzz and tenancy tests walk it, so a new route is covered the day it is added.
 */
export type Schema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  /** OpenAPI template, e.g. /api/v1/requests/{id} */
  path: string;
  parameters: Parameter[];
  body: Schema | undefined;
  /** Open to personal access tokens: the operation lists the `bearer` security scheme. */
  bearer: boolean;
}

type OpenApiDocument = {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> }; security?: Record<string, unknown>[] }>>;
  components?: { schemas?: Record<string, Schema> };
};

/** Inlines every `#/components/schemas/X` reference (the document has no recursive schemas). */
function resolver(doc: OpenApiDocument): (schema: Schema) => Schema {
  const components = doc.components?.schemas ?? {};
  const resolve = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(resolve);
    if (!node || typeof node !== 'object') return node;
    const ref = (node as Schema).$ref;
    if (typeof ref === 'string') return resolve(components[ref.replace('#/components/schemas/', '')]);
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value)]));
  };
  return (schema) => resolve(schema) as Schema;
}

export async function loadOperations(baseUrl: string): Promise<Operation[]> {
  const res = await fetch(`${baseUrl}/api/openapi.json`);
  if (!res.ok) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  const doc = (await res.json()) as OpenApiDocument;
  const resolve = resolver(doc);
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const json = op.requestBody?.content['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) })),
        body: json ? resolve(json) : undefined,
        bearer: (op.security ?? []).some((scheme) => 'bearer' in scheme),
      });
    }
  }
  return operations;
}

/** Every schema node reachable from `schema`, with its dotted location. */
export function* schemaNodes(schema: Schema, at = ''): Generator<{ at: string; schema: Schema }> {
  yield { at, schema };
  for (const [name, child] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) yield* schemaNodes(child, at ? `${at}.${name}` : name);
  if (schema.items && typeof schema.items === 'object') yield* schemaNodes(schema.items as Schema, `${at}[]`);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') yield* schemaNodes(schema.additionalProperties as Schema, `${at}{}`);
  // Bounds beside a union apply to its members (the document writes `type: [string, number]` as an anyOf).
  const inherited = Object.fromEntries(Object.entries(schema).filter(([key]) => key === 'minimum' || key === 'maximum'));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const child of (schema[key] as Schema[] | undefined) ?? []) yield* schemaNodes({ ...inherited, ...child }, at);
  }
}

/** Values the tests know to be real (ids of the signed-in account, its widget key…), by field or parameter name. */
export type KnownValues = Record<string, unknown>;

/** Whether any string fits (known values are text: `fields.email` is a mode, not an address). */
function takesFreeText(schema: Schema): boolean {
  if ('enum' in schema || 'const' in schema) return false;
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (choices) return choices.some(takesFreeText);
  return [schema.type].flat().includes('string');
}

/** A value the schema accepts; `known` supplies real ids and keys by field name so a request reaches the database. */
export function exampleOf(schema: Schema, known: KnownValues = {}, name = ''): unknown {
  if (name && name in known && takesFreeText(schema)) return known[name];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema) return schema.default;
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (choices) return exampleOf(choices.find((c) => c.type !== 'null') ?? choices[0]!, known, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
      for (const [key, child] of Object.entries(properties)) out[key] = exampleOf(child, known, key);
      return out;
    }
    // An item is named by its list (allowed_origins holds origins).
    case 'array': return schema.items ? [exampleOf(schema.items as Schema, known, name)] : [];
    case 'integer':
    case 'number': return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean': return true;
    case 'null': return null;
    case 'string': return exampleString(schema, name);
    default: return 'x';
  }
}

function exampleString(schema: Schema, name: string): string {
  switch (schema.format) {
    case 'uuid': return crypto.randomUUID();
    case 'date-time': return new Date(Date.now() + 86_400_000).toISOString();
    case 'email': return `fuzz-${crypto.randomUUID().slice(0, 8)}@example.test`;
    case 'uri': return 'https://example.test/';
  }
  if (typeof schema.pattern === 'string' && schema.pattern.startsWith('^#')) return '#336699';
  if (/email/.test(name)) return `fuzz-${crypto.randomUUID().slice(0, 8)}@example.test`;
  if (/password/.test(name)) return 'correct horse battery';
  if (/url|origin/.test(name)) return 'https://example.test';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
  return 'example'.padEnd(min, 'x');
}
