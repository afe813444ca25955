import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they crossed the wire. */
  wire: Buffer;
  /** The body once decoded per Content-Encoding. */
  body: string;
}

/** One GET with the given Accept-Encoding (fetch would decode, and always asks for gzip). */
function get(baseUrl: string, urlPath: string, acceptEncoding: string, method = 'GET'): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    const req = http.request({ host: hostname, port, path: urlPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded = encoding === 'br' ? zlib.brotliDecompressSync(wire) : encoding === 'gzip' ? zlib.gunzipSync(wire) : wire;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, wire, body: decoded.toString() });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

// Text that compresses well, as real bundles do, and is well over the 1 KB threshold.
const script = (name: string): string => Array.from({ length: 200 }, (_, i) => `export const ${name}${i} = () => "${name} ${i}";`).join('\n');
const page = (title: string): string =>
  `<!doctype html><html><head><title>${title}</title><!--app-meta--></head><body>${'<p>Collect screen recordings.</p>'.repeat(80)}</body></html>`;

const files: Record<string, string | Buffer> = {
  'dashboard/dist/index.html': page('spa'),
  'dashboard/dist/assets/index-AbCd1234.js': script('dashboard'),
  'dashboard/dist/assets/index-AbCd1234.css': `${'.a{color:red}'.repeat(300)}`,
  'dashboard/dist/assets/tiny-AbCd1234.js': 'export{}',
  'dashboard/dist/assets/hero-AbCd1234.jpg': Buffer.alloc(4096, 1),
  'dashboard/dist/assets/hero-AbCd1234.mp4': Buffer.alloc(4096, 2),
  // As dashboard/scripts/posterPlugin.ts names the posters it encodes; the videos beside them keep fixed names.
  'dashboard/dist/media/hero-e_ViohGo6e.avif': Buffer.alloc(4096, 3),
  'dashboard/dist/media/hero-Tlgc2smZdM.webp': Buffer.alloc(4096, 4),
  'dashboard/dist/media/hero-fWs9blZ4cw.jpg': Buffer.alloc(4096, 5),
  'dashboard/dist/media/hero.mp4': Buffer.alloc(4096, 6),
  'dashboard/dist/media/demo-recording.mp4': Buffer.alloc(4096, 6),
  'dashboard/dist/prerendered/index.html': page('home prerendered'),
  // As dashboard/scripts/prerender.ts writes them: absolute URLs from a placeholder the server fills.
  'dashboard/dist/prerendered/pricing/index.html': page('pricing').replace(
    '<!--app-meta-->',
    '<link rel="canonical" href="{{PUBLIC_URL}}/pricing"><meta property="og:url" content="{{PUBLIC_URL}}/pricing"><meta property="og:image" content="{{PUBLIC_URL}}/vite/assets/hero-AbCd1234.jpg"><!--app-meta-->',
  ),
  'dashboard/dist/sitemap.xml': '<?xml version="1.0" encoding="UTF-8"?>\n<urlset><url><loc>{{PUBLIC_URL}}/pricing</loc></url></urlset>\n',
  'dashboard/dist/robots.txt': 'User-agent: *\nDisallow: /r/\n\nSitemap: {{PUBLIC_URL}}/sitemap.xml\n',
  'recorder/dist/index.html': page('recorder'),
  'recorder/dist/assets/main-Zx9y8W7v.js': script('recorder'),
  'sdk/dist/showback.js': script('sdk'),
};

describe('web delivery', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-compress-'));
    for (const [file, content] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await fs.writeFile(path.join(root, file), content);
    }
    // The builds' own last step (dashboard, recorder and sdk package.json).
    const precompress = path.resolve(import.meta.dirname, '../../scripts/precompress.ts');
    const dirs = ['dashboard/dist/assets', 'recorder/dist/assets', 'sdk/dist'].map((d) => path.join(root, d));
    execFileSync(process.execPath, ['--import', 'tsx', precompress, ...dirs], { stdio: 'ignore' });
    t = await startTestApp({ staticRoot: root }, { PUBLIC_URL: 'https://records.example.com/' });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('the build writes brotli and gzip copies of text assets only, and only where they are smaller', async () => {
    const assets = await fs.readdir(path.join(root, 'dashboard/dist/assets'));
    expect(assets).toEqual(expect.arrayContaining(['index-AbCd1234.js.br', 'index-AbCd1234.js.gz', 'index-AbCd1234.css.br', 'index-AbCd1234.css.gz']));
    expect(assets.filter((f) => f.startsWith('hero-') || f.startsWith('tiny-'))).toEqual(['hero-AbCd1234.jpg', 'hero-AbCd1234.mp4', 'tiny-AbCd1234.js']);
  });

  it('sends the build\'s brotli or gzip copy of a hashed asset as the request accepts, immutable, varying on Accept-Encoding', async () => {
    for (const [asset, source] of [
      ['/vite/assets/index-AbCd1234.js', 'dashboard/dist/assets/index-AbCd1234.js'],
      ['/vite/assets/index-AbCd1234.css', 'dashboard/dist/assets/index-AbCd1234.css'],
      ['/vite/recorder/assets/main-Zx9y8W7v.js', 'recorder/dist/assets/main-Zx9y8W7v.js'],
    ] as const) {
      const original = String(files[source]);
      const br = await get(t.url, asset, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], asset).toBe('br');
      expect(br.wire.equals(await fs.readFile(path.join(root, `${source}.br`))), asset).toBe(true);
      expect(br.body).toBe(original);
      expect(br.headers['content-type']).toMatch(asset.endsWith('.css') ? /^text\/css/ : /javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toMatch(/accept-encoding/i);

      const gz = await get(t.url, asset, 'gzip');
      expect(gz.headers['content-encoding'], asset).toBe('gzip');
      expect(gz.body).toBe(original);
      expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const plain = await get(t.url, asset, '');
      expect(plain.headers['content-encoding'], asset).toBeUndefined();
      expect(plain.body).toBe(original);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('sends the widget SDK compressed with its cross-origin headers and short cache', async () => {
    const res = await get(t.url, '/sdk/showback.js', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe(files['sdk/dist/showback.js']);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('never compresses images or video; hashed media is cached immutable, with its type', async () => {
    const types: Record<string, string> = {
      '/vite/assets/hero-AbCd1234.jpg': 'image/jpeg',
      '/vite/assets/hero-AbCd1234.mp4': 'video/mp4',
      '/vite/media/hero-e_ViohGo6e.avif': 'image/avif',
      '/vite/media/hero-Tlgc2smZdM.webp': 'image/webp',
      '/vite/media/hero-fWs9blZ4cw.jpg': 'image/jpeg',
    };
    for (const [asset, type] of Object.entries(types)) {
      const res = await get(t.url, asset, 'br, gzip');
      expect(res.status, asset).toBe(200);
      expect(res.headers['content-type'], asset).toBe(type);
      expect(res.headers['content-encoding'], asset).toBeUndefined();
      expect(res.wire.length).toBe(4096);
      expect(res.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    }
    // A fixed name may be replaced by the next build: an hour only, even when a part of it looks like a hash.
    for (const fixed of ['/vite/media/hero.mp4', '/vite/media/demo-recording.mp4']) {
      const video = await get(t.url, fixed, 'br, gzip');
      expect(video.headers['content-encoding'], fixed).toBeUndefined();
      expect(video.headers['cache-control'], fixed).toBe('public, max-age=3600');
    }
  });

  it('compresses HTML pages per request (their meta tags differ) and large JSON, not small answers', async () => {
    for (const p of ['/', '/dashboard', '/r/some-token']) {
      const res = await get(t.url, p, 'gzip, deflate, br');
      expect(res.status, p).toBe(200);
      expect(res.headers['content-encoding'], p).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toMatch(/<meta name="csrf-token" content="[\w-]+\.[\w-]+">/);
      expect(res.wire.length).toBeLessThan(res.body.length / 4);
      expect((await get(t.url, p, 'gzip')).headers['content-encoding']).toBe('gzip');
      expect((await get(t.url, p, '')).headers['content-encoding']).toBeUndefined();
    }
    const openapi = await get(t.url, '/api/openapi.json', 'br');
    expect(openapi.headers['content-encoding']).toBe('br');
    expect(JSON.parse(openapi.body).openapi).toMatch(/^3\./);
    const health = await get(t.url, '/api/health', 'br');
    expect(health.headers['content-type']).toMatch(/application\/json/);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.wire.length).toBeLessThan(1024);
  });

  it("keeps a shared recording's page out of search engines, in its header and its HTML, with or without a language prefix", async () => {
    for (const p of ['/s/some-token', '/de/s/some-token']) {
      const res = await get(t.url, p, '');
      expect(res.status, p).toBe(200);
      expect(res.headers['x-robots-tag'], p).toBe('noindex, nofollow');
      expect(res.body, p).toContain('<meta name="robots" content="noindex, nofollow">');
    }
    const other = await get(t.url, '/dashboard', '');
    expect(other.headers['x-robots-tag']).toBeUndefined();
    expect(other.body).not.toContain('name="robots"');
  });

  it('never compresses tus uploads', async () => {
    const res = await get(t.url, '/uploads', 'br, gzip', 'OPTIONS');
    expect(res.headers['tus-resumable'] ?? res.headers['tus-version']).toBeTruthy();
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('fills canonical, Open Graph, sitemap and robots with PUBLIC_URL as configured at start, not at build time', async () => {
    const html = (await get(t.url, '/pricing', '')).body;
    expect(html).toContain('<link rel="canonical" href="https://records.example.com/pricing">');
    expect(html).toContain('<meta property="og:url" content="https://records.example.com/pricing">');
    expect(html).toContain('<meta property="og:image" content="https://records.example.com/vite/assets/hero-AbCd1234.jpg">');
    expect(html).not.toContain('{{PUBLIC_URL}}');
    const sitemap = await get(t.url, '/sitemap.xml', 'br');
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain('<loc>https://records.example.com/pricing</loc>');
    const robots = await get(t.url, '/robots.txt', '');
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Sitemap: https://records.example.com/sitemap.xml');
  });
});
