import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PGlite in `dataDir` (in memory when undefined), started from a copy of an empty data directory when there is no
 * database yet. A new PGlite database otherwise runs initdb in WebAssembly, 3–10 s on two busy cores and the larger
 * part of a first start; the copy is the same files (PGlite itself runs initdb in memory and unpacks the result).
 * The copy is made once per installed PGlite version, from the first database created without one, and kept in
 * node_modules/.cache beside the package it comes from; where that cannot be written every new database runs
 * initdb as before. It holds only what initdb writes, never anything of ours.
 */
export async function createPglite(dataDir: string | undefined, options: PGliteOptions = {}, templateFile: string | undefined = defaultTemplateFile()): Promise<PGlite> {
  if (dataDir !== undefined) {
    await fs.mkdir(dataDir, { recursive: true });
    // Only an empty folder is filled from the copy: anything else is PGlite's to resume or to refuse.
    if ((await fs.readdir(dataDir)).length > 0) return PGlite.create(dataDir, options);
  }
  const template = templateFile && (await readTemplate(templateFile));
  if (templateFile && template) {
    try {
      return await (dataDir === undefined ? PGlite.create({ ...options, loadDataDir: template }) : PGlite.create(dataDir, { ...options, loadDataDir: template }));
    } catch {
      // A copy PGlite cannot start from: forget it, clear what it unpacked into the (empty) folder, run initdb.
      await fs.rm(templateFile, { force: true });
      if (dataDir !== undefined) await emptyFolder(dataDir);
    }
  }
  const pglite = dataDir === undefined ? await PGlite.create(options) : await PGlite.create(dataDir, options);
  if (templateFile) await writeTemplate(pglite, templateFile);
  return pglite;
}

const requireFrom = createRequire(import.meta.url);

/** node_modules/@electric-sql/pglite, wherever the package was installed. */
function pgliteFolder(): string {
  let dir = path.dirname(requireFrom.resolve('@electric-sql/pglite'));
  while (path.basename(path.dirname(dir)) !== '@electric-sql') {
    if (dir === path.dirname(dir)) throw new Error('@electric-sql/pglite is not in a node_modules folder');
    dir = path.dirname(dir);
  }
  return dir;
}

let cachedTemplateFile: string | undefined;
/** Undefined where the package cannot be found on disk (then no copy is kept). */
function defaultTemplateFile(): string | undefined {
  if (cachedTemplateFile) return cachedTemplateFile;
  try {
    const folder = pgliteFolder();
    const { version } = requireFrom(path.join(folder, 'package.json')) as { version: string };
    cachedTemplateFile = path.join(folder, '../../.cache/showback', `pglite-${version}-initdb.tar`);
  } catch {
    return undefined;
  }
  return cachedTemplateFile;
}

async function readTemplate(file: string): Promise<Blob | undefined> {
  try {
    return new Blob([await fs.readFile(file)]);
  } catch {
    return undefined;
  }
}

/** Straight after creation, before anything of ours is in it. Written under a unique name and renamed into place. */
async function writeTemplate(pglite: PGlite, file: string): Promise<void> {
  const partial = `${file}.${process.pid}.${crypto.randomUUID()}.partial`;
  try {
    const tar = await pglite.dumpDataDir('none');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(partial, Buffer.from(await tar.arrayBuffer()));
    await fs.rename(partial, file);
  } catch {
    // A read-only install: every new database runs initdb, as without the copy.
    await fs.rm(partial, { force: true }).catch(() => {});
  }
}

async function emptyFolder(dir: string): Promise<void> {
  for (const entry of await fs.readdir(dir)) await fs.rm(path.join(dir, entry), { recursive: true, force: true });
}
