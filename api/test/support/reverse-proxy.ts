import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';

const run = promisify(execFile);
// Debian's, in /usr/sbin, which a non-root PATH may lack.
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
const DEPLOYMENT_DOC = path.resolve(import.meta.dirname, '../../../docs/deployment.md');

export interface ReverseProxy {
  /** https://127.0.0.1:<port> */
  url: string;
  /** The self-signed certificate it presents (PEM), for a client that checks it. */
  certificate: string;
  /** One line per request it forwarded: `<upstream address> <method> <path> <status>`. */
  accessLog(): Promise<string>;
  close(): Promise<void>;
}

/**
 * nginx (Debian's) running the configuration docs/deployment.md gives, read from the document itself so the two cannot
 * drift: only the listening address, the upstream servers and the certificate files are replaced (a self-signed
 * certificate for 127.0.0.1), and it is wrapped in the main context nginx.conf would give it.
 */
export async function startNginx(port: number, upstreams: string[]): Promise<ReverseProxy> {
  const doc = await fs.readFile(DEPLOYMENT_DOC, 'utf8');
  const documented = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!documented) throw new Error('docs/deployment.md has no nginx configuration');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-nginx-'));
  await fs.chmod(dir, 0o755);
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert]);
  const replace = (text: string, from: RegExp, to: string): string => {
    if (!from.test(text)) throw new Error(`the documented nginx configuration no longer has ${from}`);
    return text.replace(from, to);
  };
  let server = replace(documented, /upstream showback \{[^}]*\}/, `upstream showback { ${upstreams.map((u) => `server ${u};`).join(' ')} keepalive 32; }`);
  server = replace(server, /listen 443 ssl http2;/, `listen 127.0.0.1:${port} ssl http2;`);
  server = replace(server, /ssl_certificate\s+\S+;/, `ssl_certificate ${cert};`);
  server = replace(server, /ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${key};`);
  const conf = path.join(dir, 'nginx.conf');
  await fs.writeFile(
    conf,
    [
      // As root (CI), nginx's workers would run as nobody, who cannot use the test's folders.
      process.getuid?.() === 0 ? 'user root;' : '',
      `worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;`,
      'events { worker_connections 256; }',
      `http { log_format upstream '$upstream_addr $request_method $uri $status'; access_log ${dir}/access.log upstream;`,
      `client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
      server,
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX, ['-e', `${dir}/error.log`, '-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const certificate = await fs.readFile(cert, 'utf8');
  for (const deadline = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 100))) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${out}${await fs.readFile(`${dir}/error.log`, 'utf8').catch(() => '')}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = tls.connect({ host: '127.0.0.1', port, ca: certificate }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen within 10 s: ${out}`);
  }
  return {
    url: `https://127.0.0.1:${port}`,
    certificate,
    accessLog: () => fs.readFile(`${dir}/access.log`, 'utf8'),
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await exited;
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
