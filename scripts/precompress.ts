// `tsx scripts/precompress.ts <dir>…`: writes name.br and name.gz beside every text asset of a built front end, at the
// highest levels (done once per build, not per request), for @fastify/static's `preCompressed` to serve
// (api/src/web/web.plugin.ts). A compressed copy that would not be smaller is not written. Images, video and fonts
// are already compressed and get none; HTML is compressed by the server, since it fills meta tags per request.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** What is worth compressing; .mjs/.cjs are the SDK's npm package, never served. */
const PRECOMPRESSED = /\.(?:js|css|svg|json|txt|xml|wasm|map)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile() && PRECOMPRESSED.test(entry.name)) yield full;
  }
}

async function precompress(dir: string): Promise<{ files: number; bytes: number; brotli: number }> {
  const total = { files: 0, bytes: 0, brotli: 0 };
  for await (const file of files(dir)) {
    const data = await fs.readFile(file);
    const [br, gz] = await Promise.all([
      brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
      gzip(data, { level: 9 }),
    ]);
    await Promise.all([
      br.length < data.length ? fs.writeFile(`${file}.br`, br) : fs.rm(`${file}.br`, { force: true }),
      gz.length < data.length ? fs.writeFile(`${file}.gz`, gz) : fs.rm(`${file}.gz`, { force: true }),
    ]);
    total.files++;
    total.bytes += data.length;
    total.brotli += Math.min(br.length, data.length);
  }
  return total;
}

for (const dir of process.argv.slice(2)) {
  const { files: count, bytes, brotli: br } = await precompress(path.resolve(dir));
  console.log(`precompressed ${count} files in ${dir}: ${(bytes / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`);
}
