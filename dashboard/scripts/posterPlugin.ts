import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

/** What `import poster from './x.jpg?poster'` gives: URLs of the same picture, smallest format first. */
export interface Poster {
  avif?: string;
  webp?: string;
  jpeg: string;
}

const run = promisify(execFile);
const SUFFIX = '?poster';

// ffmpeg (already a dependency of the worker, with libaom and libwebp in Debian's build) rather than an npm image
// library with a native binary to download. A still AV1 image at CRF 30 is ~45 % of the JPEG, WebP at 80 ~65 %.
const FORMATS = [
  { key: 'avif', args: ['-c:v', 'libaom-av1', '-still-picture', '1', '-crf', '30', '-b:v', '0', '-cpu-used', '4', '-pix_fmt', 'yuv420p', '-f', 'avif'] },
  { key: 'webp', args: ['-c:v', 'libwebp', '-quality', '80', '-f', 'webp'] },
] as const;

async function encode(source: string, args: readonly string[], cacheFile: string): Promise<Buffer> {
  const cached = await fs.readFile(cacheFile).catch(() => undefined);
  if (cached) return cached;
  await fs.mkdir(path.dirname(cacheFile), { recursive: true });
  const partial = `${cacheFile}.${process.pid}.part`;
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', source, ...args, partial]);
  await fs.rename(partial, cacheFile);
  return fs.readFile(cacheFile);
}

/**
 * `import poster from './hero.jpg?poster'`: at build time the JPEG is also encoded to AVIF and WebP, and the three are
 * written to `media/<name>-<hash>.<ext>` (served immutable), for a `<picture>`. The hash is of the source and the
 * encoder settings, not of the output, so the client build and the prerender's SSR build name the same files without
 * relying on the encoder being deterministic; encodings are cached in Vite's cache folder. In dev the JPEG
 * alone, as Vite serves it.
 */
export function posterPlugin(): Plugin {
  let base = '/';
  let command: 'build' | 'serve' = 'build';
  let cacheDir = '';
  return {
    name: 'showback-poster',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
      command = config.command;
      cacheDir = path.join(config.cacheDir, 'posters');
    },
    async load(id, options) {
      if (!id.endsWith(SUFFIX)) return null;
      const source = id.slice(0, -SUFFIX.length);
      if (command === 'serve') return `import jpeg from ${JSON.stringify(source)};\nexport default { jpeg };`;
      const bytes = await fs.readFile(source);
      const name = path.basename(source, path.extname(source));
      const urls: Record<string, string> = {};
      const emit = (ext: string, data: Buffer, settings: string): void => {
        const hash = createHash('sha256').update(bytes).update(settings).digest('base64url').slice(0, 10);
        const fileName = `media/${name}-${hash}.${ext}`;
        // The SSR build only needs the URLs; the client build writes the files.
        if (!options?.ssr) this.emitFile({ type: 'asset', fileName, source: data });
        urls[ext === 'jpg' ? 'jpeg' : ext] = `${base}${fileName}`;
      };
      this.addWatchFile(source);
      emit('jpg', bytes, '');
      for (const format of FORMATS) {
        const settings = format.args.join(' ');
        const key = createHash('sha256').update(bytes).update(settings).digest('hex').slice(0, 16);
        emit(format.key, await encode(source, format.args, path.join(cacheDir, `${name}-${key}.${format.key}`)), settings);
      }
      return `export default ${JSON.stringify(urls)};`;
    },
  };
}
