import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * No runtime import circle among the modules under `root`: a module that loads a module loading it back works only
 * while the circle's bindings happen to be read after every module of it has run (hoisted function declarations),
 * and it makes each module of the circle load all the others. `import type` is erased and does not count; under
 * verbatimModuleSyntax `import { type A }` stays as a bare import, so it does.
 */
export const importCycles = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false }],
    messages: {
      cycle: "'{{target}}' loads this module back ({{circle}}): move what both need into a module of its own, or let the lower layer expose a hook (api/README.md).",
    },
  },
  create(context) {
    const root = path.resolve(context.cwd, context.options[0].root);
    const self = path.resolve(context.filename);
    if (!isUnder(root, self)) return {};

    function check(node) {
      if (node.importKind === 'type' || node.exportKind === 'type' || !node.source) return;
      const target = resolve(self, node.source.value);
      if (!target || !isUnder(root, target)) return;
      const way = wayBack(target, self, root);
      if (!way) return;
      const circle = [self, ...way].map((file) => path.relative(root, file).split(path.sep).join('/')).join(' → ');
      context.report({ node: node.source, messageId: 'cycle', data: { target: node.source.value, circle } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

const isUnder = (root, file) => !path.relative(root, file).startsWith('..');

/** The file a relative specifier names, or undefined for a package. */
function resolve(from, specifier) {
  if (typeof specifier !== 'string' || !specifier.startsWith('.')) return undefined;
  return path.resolve(path.dirname(from), specifier);
}

/** Runtime imports of each file, by modification time, so one lint run parses each file once. */
const importsCache = new Map();

function runtimeImports(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const cached = importsCache.get(file);
  if (cached?.mtimeMs === stat.mtimeMs) return cached.targets;
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const targets = [];
  for (const statement of source.statements) {
    const runtime =
      (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) ||
      (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly);
    const target = runtime && resolve(file, statement.moduleSpecifier.text);
    if (target) targets.push(target);
  }
  importsCache.set(file, { mtimeMs: stat.mtimeMs, targets });
  return targets;
}

/** The chain of imports from `start` back to `goal` (both included), or undefined; depth-first, each file once. */
function wayBack(start, goal, root) {
  const seen = new Set();
  const chain = [];
  function visit(file) {
    if (file === goal) return true;
    if (seen.has(file) || !isUnder(root, file)) return false;
    seen.add(file);
    chain.push(file);
    if (runtimeImports(file).some(visit)) return true;
    chain.pop();
    return false;
  }
  return visit(start) ? [...chain, goal] : undefined;
}
