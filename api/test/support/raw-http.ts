import http from 'node:http';
import net from 'node:net';

export interface RawResponse {
  status: number;
  contentType: string;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/**
 * One HTTP request with the path sent exactly as given (fetch would normalise `..` and re-encode), any headers and
 * any body bytes. A request the server refuses by closing the connection answers status 0.
 */
export function request(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const req = http.request({ host: hostname, port, method, path, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString() }));
      res.on('error', () => resolve({ status: 0, contentType: '', body: '' }));
    });
    req.on('error', () => resolve({ status: 0, contentType: '', body: '' }));
    req.end(body);
  });
}

/** Bytes written straight to a socket, for what no HTTP client sends: malformed request lines, NUL in headers. */
export function rawExchange(baseUrl: string, bytes: string | Buffer, timeoutMs = 5000): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const finish = () => {
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? text : text.slice(0, split);
      resolve({ status, contentType: /\r\ncontent-type: *([^\r]*)/i.exec(head)?.[1] ?? '', body: split < 0 ? '' : text.slice(split + 4) });
    };
    socket.setTimeout(timeoutMs, finish);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // One response is all we want; a keep-alive connection would otherwise wait for the timeout.
      const text = Buffer.concat(chunks).toString('latin1');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text);
      const split = text.indexOf('\r\n\r\n');
      if (length && split >= 0 && Buffer.byteLength(text, 'latin1') >= split + 4 + Number(length[1])) finish();
    });
    socket.on('end', finish);
    socket.on('error', finish);
    socket.write(bytes);
  });
}
