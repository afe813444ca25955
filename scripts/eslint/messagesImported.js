import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sectionsDir = fileURLToPath(new URL('../../dashboard/src/messages/en', import.meta.url));
const sections = new Set(fs.readdirSync(sectionsDir).filter((file) => file.endsWith('.ts')).map((file) => file.slice(0, -3)));
// A message key: a section's name, a dot, then the key inside it ('auth.email', `billing.plans.${id}`); in a template,
// the key may come from an expression right after the dot (`titles.${page}`).
const KEY = /^([a-zA-Z]+)\.[a-zA-Z]/;
const TEMPLATE_KEY = /^([a-zA-Z]+)\.(?:[a-zA-Z]|$)/;

/**
 * A dashboard module that names a message key imports the English file of that key's section
 * (`import '../messages/en/auth.ts'`). Loading the module then loads the section, so `t` finds the key, and each
 * page's chunks carry only the strings of the modules it loads. A section imported for nothing is reported too.
 * The fix adds the missing import or removes the unused one.
 */
export const messagesImported = {
  meta: {
    type: 'problem',
    fixable: 'code',
    schema: [],
    messages: {
      missing: "'{{key}}' is a key of the message section '{{section}}': import '{{source}}' so that section loads with this module.",
      unused: "This module names no key of the message section '{{section}}': remove the import, so pages that load this module do not load the section.",
    },
  },
  create(context) {
    const imported = new Map();
    const named = new Map();
    let lastImport;

    function note(node, text, pattern = KEY) {
      const section = pattern.exec(text)?.[1];
      if (section && sections.has(section) && !named.has(section)) named.set(section, { node, key: text });
    }
    const isModuleSource = (node) => ['ImportDeclaration', 'ImportExpression', 'ExportNamedDeclaration', 'ExportAllDeclaration'].includes(node.parent?.type);

    return {
      ImportDeclaration(node) {
        lastImport = node;
        if (node.importKind === 'type' || !node.source.value.startsWith('.')) return;
        const target = path.resolve(path.dirname(context.filename), node.source.value);
        if (path.dirname(target) === sectionsDir) imported.set(path.basename(target, '.ts'), node);
      },
      Literal(node) {
        if (typeof node.value === 'string' && !isModuleSource(node)) note(node, node.value);
      },
      TemplateLiteral(node) {
        note(node, node.quasis[0].value.cooked ?? '', node.expressions.length > 0 ? TEMPLATE_KEY : KEY);
      },
      'Program:exit'(program) {
        for (const [section, node] of imported) {
          if (named.has(section) || node.specifiers.length > 0) continue;
          context.report({ node, messageId: 'unused', data: { section }, fix: (fixer) => fixer.removeRange([node.range[0], node.range[1] + 1]) });
        }
        for (const [section, { node, key }] of named) {
          if (imported.has(section)) continue;
          let source = path.relative(path.dirname(context.filename), path.join(sectionsDir, `${section}.ts`)).split(path.sep).join('/');
          if (!source.startsWith('.')) source = `./${source}`;
          const line = `import '${source}';`;
          context.report({
            node,
            messageId: 'missing',
            data: { key, section, source },
            fix: (fixer) => (lastImport ? fixer.insertTextAfter(lastImport, `\n${line}`) : fixer.insertTextBefore(program.body[0], `${line}\n`)),
          });
        }
      },
    };
  },
};
