import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Folders that are not the repository's own files: dependencies, build and test output (.gitignore). */
const NOT_SOURCE = new Set(['.git', 'node_modules', 'dist', 'dist-ssr', '.data', '.tsbuild', '.bench', 'test-results', 'temp']);
/** A file path in backticks: folders and a file name with an extension, no spaces, wildcards or placeholders. */
const FILE_PATH = /^[\w@.-]+(?:\/[\w@.-]+)+\.[a-z]{1,5}$/;
/** Generated files, named where the docs tell where a build or a test run writes them. */
const GENERATED = /^(?:dist|prerendered|test-results|api\/dist|recorder\/dist)\//;
/** Paths the docs name that are not files of this repository, and why. */
const NOT_OURS = new Map([
  ['lib/package.js', "inside @zendesk/zcli-apps, Zendesk's packaging tool"],
  ['messages/current.ts', "the dashboard's former one catalogue, named as history"],
  ['.cursor/mcp.json', "Cursor's MCP configuration in the reader's own project (docs/mcp.md)"],
  ['.vscode/mcp.json', "VS Code's MCP configuration in the reader's own project (docs/mcp.md)"],
]);

function repositoryFiles(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (NOT_SOURCE.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) repositoryFiles(full, found);
    else found.push(path.relative(ROOT, full).split(path.sep).join('/'));
  }
  return found;
}

function docs(): string[] {
  const inDocs = fs.readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`);
  return ['README.md', 'api/README.md', ...inDocs];
}

/** The backticked file paths of a doc that name no file: a path from the root, or the end of one (`kit/secret-box.ts`). */
function missingPaths(doc: string, files: string[]): string[] {
  const text = fs.readFileSync(path.join(ROOT, doc), 'utf8');
  const named = [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!).filter((name) => FILE_PATH.test(name) && !GENERATED.test(name) && !NOT_OURS.has(name));
  return named.filter((name) => !files.some((file) => file === name || file.endsWith(`/${name}`)));
}

describe('file paths named in the docs', () => {
  const files = repositoryFiles(ROOT);

  it.each(docs())('%s names only files that exist', (doc) => {
    expect(missingPaths(doc, files)).toEqual([]);
  });
});
