import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { BrowserContext } from 'playwright-core';
import type { ZendeskRequester, ZendeskServer } from '../../api/test/support/zendesk-server.ts';
import { agentScreenCss } from './agent-screen.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP_DIR = path.join(ROOT, 'zendesk-app');
/** Where Zendesk apps load the ZAF SDK from (zendesk-app/assets/iframe.html). */
export const ZAF_SDK_URL = 'https://static.zdassets.com/zendesk_app_framework_sdk/2.0/zaf_sdk.min.js';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png' };

/**
 * The Zendesk SDK npm package (`zendesk_app_framework_sdk`) ships its CommonJS sources; Zendesk's CDN serves them
 * bundled as one script defining `window.ZAFClient`. This is that bundle, made from the package.
 */
async function zafSdkBundle(): Promise<string> {
  const out = await build({ entryPoints: [path.join(ROOT, 'node_modules/zendesk_app_framework_sdk/lib/index.js')], bundle: true, format: 'iife', globalName: 'ZAFClient', write: false, logLevel: 'silent' });
  return out.outputFiles[0]!.text;
}

export interface ZendeskAgentUi {
  /** The agent's ticket page: `http://127.0.0.1:port/agent/tickets/{id}` (Zendesk's origin in this test). */
  ticketUrl(ticketId: number): string;
  /** Serves the SDK at Zendesk's CDN address to every page of `context`, as the agent's browser would fetch it. */
  serveSdk(context: BrowserContext): Promise<void>;
  close(): Promise<void>;
}

/**
 * Zendesk's agent screen, as far as the app sees it: a ticket page that frames the app's own files (from zendesk-app/,
 * on another origin, as Zendesk serves them from apps.zdusercontent.com) in the sidebar and behind an editor toolbar
 * button, with `?origin=…&app_guid=…` as Zendesk passes them. The page is the other end of the ZAF SDK's postMessage
 * protocol (lib/client.js of the package): it answers the handshake with `zaf.app.registered` (context and settings),
 * `get` requests with the ticket from the local Zendesk server, and `invoke` of `ticket.editor.insert` (into the reply
 * box) and `resize`. Everything inside the frames is the app's real code and the SDK's.
 */
export async function startZendeskAgentUi(zendesk: ZendeskServer, subdomain: string, settings: { showback_url: string }): Promise<ZendeskAgentUi> {
  const sdk = await zafSdkBundle();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const port = (server.address() as AddressInfo).port;
    const agentOrigin = `http://127.0.0.1:${port}`;
    const appOrigin = `http://localhost:${port}`;
    const ticketPath = /^\/agent\/tickets\/(\d+)$/.exec(url.pathname);
    if (ticketPath && req.headers.host === `127.0.0.1:${port}`) {
      const ticket = zendesk.ticket(Number(ticketPath[1]));
      if (!ticket) return void res.writeHead(404).end('No such ticket');
      res.writeHead(200, { 'content-type': TYPES['.html']! });
      return void res.end(agentPage({ ticket, subdomain, settings, appUrl: `${appOrigin}/apps/showback/assets/iframe.html`, agentOrigin, appOrigin }));
    }
    if (url.pathname.startsWith('/apps/showback/') && req.headers.host === `localhost:${port}`) {
      const file = path.join(APP_DIR, path.normalize(url.pathname.slice('/apps/showback/'.length)));
      if (!file.startsWith(APP_DIR)) return void res.writeHead(404).end();
      const body = await fs.readFile(file).catch(() => undefined);
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      return void res.end(body);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ticketUrl: (id) => `http://127.0.0.1:${port}/agent/tickets/${id}`,
    serveSdk: async (context) => {
      await context.route(ZAF_SDK_URL, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: sdk }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface PageInput {
  ticket: { id: number; subject: string; requester: ZendeskRequester };
  subdomain: string;
  settings: { showback_url: string };
  appUrl: string;
  agentOrigin: string;
  appOrigin: string;
}

function agentPage(input: PageInput): string {
  const frame = (location: string, guid: string) => `${input.appUrl}?${new URLSearchParams({ origin: input.agentOrigin, app_guid: guid })}`;
  const data = JSON.stringify({ ...input, requester: { id: 77, ...input.ticket.requester } }).replace(/</g, '\\u003c');
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ticket #${input.ticket.id} – ${escape(input.ticket.subject)}</title>
<style>${agentScreenCss({ text: '#2f3941', line: '#d8dcde', panel: '#f8f9f9', muted: '#68737d' })}</style></head>
<body>
<main>
  <h1>${escape(input.ticket.subject)}</h1>
  <div class="meta">#${input.ticket.id} · ${escape(input.ticket.requester.name)} &lt;${escape(input.ticket.requester.email)}&gt; · ${escape(input.subdomain)}.zendesk.com</div>
  <div class="editor">
    <div aria-label="Reply" role="textbox" aria-multiline="true" contenteditable="true"></div>
    <div class="toolbar"><button type="button" aria-label="Showback" id="editor-app">◉ Showback</button>
      <div class="popover" hidden><iframe title="Showback editor app" data-location="ticket_editor" height="150"></iframe></div>
    </div>
  </div>
</main>
<aside><h2>Apps</h2><iframe title="Showback" data-location="ticket_sidebar" height="200" src="${escape(frame('ticket_sidebar', 'sidebar-guid'))}"></iframe></aside>
<script>
  const input = ${data};
  const popover = document.querySelector('.popover');
  document.getElementById('editor-app').addEventListener('click', () => {
    const iframe = popover.querySelector('iframe');
    if (!iframe.src) iframe.src = ${JSON.stringify(frame('ticket_editor', 'editor-guid'))};
    popover.hidden = !popover.hidden;
  });
  const reply = document.querySelector('[aria-label="Reply"]');
  const values = {
    'ticket.id': input.ticket.id,
    'ticket.subject': input.ticket.subject,
    'ticket.requester': input.requester,
    'ticket.requester.name': input.requester.name,
    'ticket.requester.email': input.requester.email,
    currentAccount: { subdomain: input.subdomain },
  };
  const actions = {
    'ticket.editor.insert': (html) => reply.insertAdjacentHTML('beforeend', html),
    resize: (size, frame) => { if (size && size.height) frame.style.height = size.height; },
  };
  window.addEventListener('message', (event) => {
    const frame = [...document.querySelectorAll('iframe')].find((f) => f.contentWindow === event.source);
    if (!frame || event.origin !== input.appOrigin) return;
    const message = typeof event.data === 'string' ? JSON.parse(event.data) : event.data;
    const answer = (body) => event.source.postMessage(JSON.stringify(body), input.appOrigin);
    if (message.key === 'iframe.handshake') {
      return answer({
        key: 'zaf.app.registered',
        message: {
          context: { product: 'support', location: frame.dataset.location, instanceGuid: message.instanceGuid, ticketId: input.ticket.id, account: { subdomain: input.subdomain } },
          metadata: { appId: 1, installationId: 1, name: 'Showback', version: '1.0.0', settings: { title: 'Showback', ...input.settings } },
        },
      });
    }
    if (message.request === 'get') {
      const result = { errors: {} };
      for (const key of message.params) {
        if (key in values) result[key] = values[key];
        else result.errors[key] = { name: 'ZAFError', message: 'No such property', path: key };
      }
      return answer({ id: message.id, result });
    }
    if (message.request === 'invoke') {
      for (const [name, args] of Object.entries(message.params)) {
        if (!actions[name]) return answer({ id: message.id, error: { name: 'ZAFError', message: 'No such action: ' + name } });
        actions[name](args[0], frame);
      }
      return answer({ id: message.id, result: {} });
    }
  });
</script>
</body></html>`;
}
