import path from 'node:path';
import { fileURLToPath } from 'node:url';

const featuresRoot = fileURLToPath(new URL('../../dashboard/src/features/', import.meta.url));

/**
 * A dashboard feature imports shared parts (app/, ui/, messages/) and never another feature's inner modules, so
 * features do not lean on each other. The only exceptions are the modules a feature publishes for others to
 * compose (listed in the rule's `published` option, paths relative to `dashboard/src/features/`).
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { published: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: {
      crossFeature:
        "'{{target}}' belongs to the feature '{{feature}}': move shared code beside ui/ or app/, or publish the module in eslint.config.js.",
    },
  },
  create(context) {
    const published = new Set(context.options[0]?.published ?? []);
    const fromFeature = featureOf(path.relative(featuresRoot, context.filename));
    if (!fromFeature) return {};

    function check(node) {
      const source = node.source;
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.relative(featuresRoot, path.resolve(path.dirname(context.filename), source.value));
      const toFeature = featureOf(target);
      if (!toFeature || toFeature === fromFeature || published.has(target.split(path.sep).join('/'))) return;
      context.report({ node: source, messageId: 'crossFeature', data: { target: source.value, feature: toFeature } });
    }
    return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/** The feature a path (relative to the features folder) lies in, or undefined outside it. */
function featureOf(relativePath) {
  if (relativePath.startsWith('..') || path.isAbsolute(relativePath)) return undefined;
  const parts = relativePath.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}
