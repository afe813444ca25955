import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FreshdeskServer } from '../../api/test/support/freshdesk-server.ts';
import { agentScreenCss } from './agent-screen.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP_DIR = path.join(ROOT, 'freshdesk-app');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/** The installation parameters an admin fills in when installing the app (freshdesk-app/config/iparams.json). */
export interface FreshdeskIparams {
  showback_host: string;
  showback_app_token: string;
}

export interface FreshdeskAgentUi {
  /** The agent's ticket page: `http://127.0.0.1:port/a/tickets/{id}` (Freshdesk's origin in this test). */
  ticketUrl(ticketId: number): string;
  close(): Promise<void>;
}

/**
 * The FDK client as the app's frames get it in place of `{{{appclient}}}`: the calls the app makes (app.initialized,
 * instance.context, data.get, request.invokeTemplate, interface.trigger, events.on), answered as Freshdesk does.
 * Data comes from the ticket page's server (the local Freshdesk's ticket), templates go to its request proxy, and
 * interface actions go to the ticket page by postMessage. Everything else in the frames is the app's own code.
 */
const FDK_CLIENT = `(() => {
  const params = new URLSearchParams(location.search);
  const ticketData = () => fetch('/fdk/tickets/' + params.get('ticket')).then((r) => r.json());
  const client = {
    instance: { context: async () => ({ location: params.get('location'), product: 'freshdesk', modules: ['support_ticket'] }) },
    data: { get: async (name) => ({ [name]: (await ticketData())[name] }) },
    request: {
      invokeTemplate: async (name, options) => {
        const res = await fetch('/fdk/invoke', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, context: options.context || {}, body: options.body }) });
        const answer = await res.json();
        if (answer.status >= 400 || answer.errorSource) throw answer;
        return answer;
      },
    },
    interface: { trigger: async (action, options) => { parent.postMessage({ fdk: 'interface', action, options }, '*'); return { success: true }; } },
    events: { on: () => undefined },
  };
  window.app = { initialized: async () => client };
})();`;

/** `<%= iparam.x %>` and `<%= context.x %>` of a request template, filled in as Freshworks' proxy does. */
const fill = (text: string, values: { iparam: Record<string, string>; context: Record<string, string> }): string =>
  text.replace(/<%=\s*(iparam|context)\.(\w+)\s*%>/g, (_m, scope: 'iparam' | 'context', key: string) => values[scope][key] ?? '');

/**
 * Freshdesk's agent screen, as far as the app sees it: a ticket page (on one origin) with a reply editor, the app's
 * files from freshdesk-app/app/ framed in the sidebar and behind an editor button (on another origin, as Freshworks
 * serves apps), the FDK client stand-in above, and Freshworks' request proxy: it renders the app's
 * config/requests.json with the installation's parameters (the secure token never reaches the browser) and calls
 * Showback. The template says https; the local product speaks http, so the proxy calls it over http.
 */
export async function startFreshdeskAgentUi(freshdesk: FreshdeskServer, iparams: FreshdeskIparams): Promise<FreshdeskAgentUi> {
  const templates = JSON.parse(await fs.readFile(path.join(APP_DIR, 'config/requests.json'), 'utf8')) as Record<string, { schema: { method: string; host: string; path: string; headers?: Record<string, string> } }>;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const port = (server.address() as AddressInfo).port;
    const appOrigin = `http://localhost:${port}`;
    const ticketPath = /^\/a\/tickets\/(\d+)$/.exec(url.pathname);
    if (ticketPath && req.headers.host === `127.0.0.1:${port}`) {
      const ticket = freshdesk.ticket(Number(ticketPath[1]));
      if (!ticket) return void res.writeHead(404).end('No such ticket');
      res.writeHead(200, { 'content-type': TYPES['.html']! });
      return void res.end(agentPage(ticket, `${appOrigin}/app/index.html`, appOrigin));
    }
    if (req.headers.host !== `localhost:${port}`) return void res.writeHead(404).end();
    if (url.pathname === '/fdk/client.js') {
      res.writeHead(200, { 'content-type': TYPES['.js']! });
      return void res.end(FDK_CLIENT);
    }
    const dataPath = /^\/fdk\/tickets\/(\d+)$/.exec(url.pathname);
    if (dataPath) {
      const ticket = freshdesk.ticket(Number(dataPath[1]));
      res.writeHead(ticket ? 200 : 404, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify(ticket && { ticket: { id: ticket.id, subject: ticket.subject, requester_id: ticket.requester.id }, requester: ticket.requester }));
    }
    if (url.pathname === '/fdk/invoke' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { name: string; context: Record<string, string>; body?: string };
      const template = templates[call.name]?.schema;
      const answer = template
        ? await fetch(`http://${fill(template.host, { iparam: { ...iparams }, context: call.context })}${fill(template.path, { iparam: { ...iparams }, context: call.context })}`, {
            method: template.method,
            headers: Object.fromEntries(Object.entries(template.headers ?? {}).map(([k, v]) => [k, fill(v, { iparam: { ...iparams }, context: call.context })])),
            body: call.body,
          })
            .then(async (r) => ({ status: r.status, headers: Object.fromEntries(r.headers), response: await r.text() }))
            // Freshworks answers an unreachable host as an error of the app's call.
            .catch(() => ({ status: 502, response: 'Error while connecting to the host', errorSource: 'APP' }))
        : { status: 400, response: 'No such request template', errorSource: 'APP' };
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify(answer));
    }
    if (url.pathname.startsWith('/app/')) {
      const file = path.join(APP_DIR, path.normalize(url.pathname));
      if (!file.startsWith(path.join(APP_DIR, 'app'))) return void res.writeHead(404).end();
      const body = await fs.readFile(file).catch(() => undefined);
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      return void res.end(file.endsWith('.html') ? body.toString('utf8').replaceAll('{{{appclient}}}', '/fdk/client.js') : body);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ticketUrl: (id) => `http://127.0.0.1:${port}/a/tickets/${id}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function agentPage(ticket: { id: number; subject: string; requester: { name: string; email: string } }, appUrl: string, appOrigin: string): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const frame = (location: string) => escape(`${appUrl}?${new URLSearchParams({ location, ticket: String(ticket.id) })}`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>#${ticket.id} ${escape(ticket.subject)} : Freshdesk</title>
<style>${agentScreenCss({ text: '#12344d', line: '#cfd7df', panel: '#f5f7f9', muted: '#475867' })}</style></head>
<body>
<main>
  <h1>${escape(ticket.subject)}</h1>
  <div class="meta">#${ticket.id} · ${escape(ticket.requester.name)} &lt;${escape(ticket.requester.email)}&gt;</div>
  <div class="editor">
    <div aria-label="Reply" role="textbox" aria-multiline="true" contenteditable="true"></div>
    <div class="toolbar"><button type="button" id="editor-app">◉ Showback</button>
      <div class="popover" hidden><iframe title="Showback editor app" height="160"></iframe></div>
    </div>
  </div>
</main>
<aside><h2>Apps</h2><iframe title="Showback" height="320" src="${frame('ticket_sidebar')}"></iframe></aside>
<script>
  const popover = document.querySelector('.popover');
  document.getElementById('editor-app').addEventListener('click', () => {
    const iframe = popover.querySelector('iframe');
    if (!iframe.src) iframe.src = ${JSON.stringify(`${appUrl}?${new URLSearchParams({ location: 'ticket_conversation_editor', ticket: String(ticket.id) })}`)};
    popover.hidden = !popover.hidden;
  });
  const reply = document.querySelector('[aria-label="Reply"]');
  window.addEventListener('message', (event) => {
    if (event.origin !== ${JSON.stringify(appOrigin)} || !event.data || event.data.fdk !== 'interface') return;
    const { action, options } = event.data;
    // setValue on the editor: Freshdesk's reply editor takes HTML; replace:false appends at options.position.
    if (action === 'setValue' && options.id === 'editor') {
      if (options.replace) reply.innerHTML = options.text;
      else reply.insertAdjacentHTML(options.position === 'start' ? 'afterbegin' : 'beforeend', options.text);
    }
  });
</script>
</body></html>`;
}
