// A tiny static server for the examples: `node examples/serve.mjs [port]` (0 = a free port; prints the URL).
// strict-csp/ is served with a nonce-based Content-Security-Policy; /react/app.js is bundled on request with esbuild.
import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
// A fixed nonce is fine for a demo page; a real site generates a fresh one per response.
export const EXAMPLE_NONCE = 'showback-example-nonce';
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

export function startExamplesServer(port = 0, host = '127.0.0.1') {
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/react/app.js') {
        const esbuild = await import('esbuild');
        const out = await esbuild.build({ entryPoints: [path.join(dir, 'react/main.tsx')], bundle: true, write: false, format: 'esm', jsx: 'automatic', define: { 'process.env.NODE_ENV': '"development"' } });
        res.writeHead(200, { 'content-type': TYPES['.js'] }).end(out.outputFiles[0].text);
        return;
      }
      let file = path.normalize(path.join(dir, decodeURIComponent(url.pathname)));
      if (!file.startsWith(dir)) return void res.writeHead(403).end();
      if ((await fs.stat(file).catch(() => null))?.isDirectory()) file = path.join(file, 'index.html');
      const body = await fs.readFile(file);
      const headers = { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' };
      if (url.pathname.startsWith('/strict-csp/')) {
        const product = url.searchParams.get('host') ?? '';
        headers['content-security-policy'] =
          `default-src 'none'; script-src 'nonce-${EXAMPLE_NONCE}' ${product}; style-src 'nonce-${EXAMPLE_NONCE}'; ` +
          `frame-src ${product}; connect-src 'self' ${product}; img-src 'self'`;
      }
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startExamplesServer(Number(process.argv[2] ?? 0));
  console.log(`examples on http://127.0.0.1:${server.address().port}/`);
}
