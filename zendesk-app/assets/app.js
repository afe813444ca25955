/*
 * The Showback app in Zendesk's ticket sidebar and editor toolbar (docs/zendesk.md). Plain script, no build step:
 * Zendesk hosts these files as they are. The ZAF client (zaf_sdk.min.js) talks to Zendesk; Showback is called with
 * the app's own token (never a cookie: browsers drop or partition them in Zendesk's iframes).
 */
'use strict';

(function () {
  const client = window.ZAFClient.init();
  const root = document.getElementById('app');
  /** How often the sidebar asks for the ticket's requests while it is visible (live state without a socket). */
  const REFRESH_MS = 5000;
  const POLL_MS = 1500;
  /** How long "link added" (or why not) stays above the list. */
  const NOTICE_MS = 20000;
  const APPROVAL_MS = 10 * 60 * 1000;
  const STATE_TEXT = { sent: 'Sent', opened: 'Opened', recording: 'Recording', uploaded: 'Uploaded', ready: 'Ready', failed: 'Failed' };

  let base = '';
  let subdomain = '';
  let location = '';
  let session = null;
  let refreshTimer = 0;
  let notice = null;

  /** A DOM element; children are nodes or text (never parsed as HTML: every value here came from elsewhere). */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (name === 'onclick') node.addEventListener('click', value);
      else if (value !== false && value !== undefined && value !== null) node.setAttribute(name, value === true ? '' : value);
    }
    for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) node.append(child);
    return node;
  }

  function show(...nodes) {
    root.replaceChildren(...nodes.filter((node) => node !== null && node !== undefined));
    if (location === 'ticket_sidebar') client.invoke('resize', { width: '100%', height: `${Math.min(Math.max(document.body.scrollHeight + 8, 120), 600)}px` });
  }

  /**
   * The token is kept in the app's localStorage (partitioned under Zendesk's site by browsers that partition). A
   * browser that refuses storage to frames of another site (third-party cookies blocked in Chrome) throws on any use:
   * the token then lives in this page only, and the agent signs in again when Zendesk reloads the app.
   */
  const storage = (() => {
    try {
      const probe = window.localStorage;
      probe.getItem('showback');
      return probe;
    } catch {
      return null;
    }
  })();
  const storageKey = () => `showback:${base}:${subdomain}`;
  function loadSession() {
    try {
      const saved = JSON.parse((storage && storage.getItem(storageKey())) || 'null');
      return saved && Date.parse(saved.expires_at) > Date.now() ? saved : null;
    } catch {
      return null;
    }
  }
  function saveSession(value, fromPeer) {
    session = value;
    if (!fromPeer) peers.postMessage({ type: 'session', key: storageKey(), session: value });
    if (!storage) return;
    if (value) storage.setItem(storageKey(), JSON.stringify(value));
    else storage.removeItem(storageKey());
  }

  /**
   * The app's other instances in this Zendesk tab (the sidebar of each open ticket, the editor toolbar's panel) are
   * frames of the same origin: they share a sign-in or a sign-out over a BroadcastChannel, which works where storage
   * is refused, so one sign-in serves them all until Zendesk reloads.
   */
  const peers = new BroadcastChannel('showback-zendesk-app');
  peers.addEventListener('message', (event) => {
    const message = event.data || {};
    if (message.key !== storageKey()) return;
    if (message.type === 'session?' && session) peers.postMessage({ type: 'session', key: storageKey(), session });
    if (message.type === 'session' && (message.session ? !session : session)) {
      saveSession(message.session, true);
      if (session) void ticketView();
      else signInView();
    }
  });

  class ShowbackError extends Error {
    constructor(status, message) {
      super(message);
      this.status = status;
    }
  }

  /** A call to Showback's API; the server's own message when it refuses, as the rest of the product shows it. */
  async function call(method, path, body, token) {
    const headers = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    let res;
    try {
      res = await fetch(`${base}/api/v1/integrations/zendesk${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'omit' });
    } catch {
      throw new ShowbackError(0, `Showback could not be reached at ${base}. Check the app's Showback address.`);
    }
    if (res.status === 204) return null;
    const data = await res.json().catch(() => ({}));
    if (!res.ok) throw new ShowbackError(res.status, data.message || `Showback answered ${res.status}.`);
    return data;
  }

  /** Calls made as the signed-in agent; an ended session sends them back to "Sign in". */
  async function callAsAgent(method, path, body) {
    try {
      return await call(method, path, body, session.token);
    } catch (error) {
      if (error.status === 401) {
        saveSession(null);
        signInView(error.message);
      }
      throw error;
    }
  }

  function base64url(bytes) {
    return btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  /**
   * Sign-in: a random verifier stays here; its SHA-256 goes to a Showback window where the agent, signed in there,
   * approves it. This page then trades the verifier for the app's token (docs/zendesk.md, "How the app signs in").
   */
  async function signIn() {
    const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
    const challenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
    const url = `${base}/my/zendesk-app?${new URLSearchParams({ subdomain, challenge })}`;
    const opened = window.open(url, 'showback-sign-in', 'popup,width=560,height=680');
    let cancelled = false;
    show(
      el('p', {}, opened ? 'Allow the app in the Showback window that opened.' : 'Your browser blocked the window. ', opened ? null : el('a', { href: url, target: '_blank', rel: 'noopener' }, 'Open Showback to allow the app')),
      el('p', { class: 'muted' }, 'Waiting for your approval…'),
      el('button', { class: 'link', type: 'button', onclick: () => { cancelled = true; signInView(); } }, 'Cancel'),
    );
    for (const deadline = Date.now() + APPROVAL_MS; !cancelled && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      try {
        saveSession(await call('POST', '/app/token', { verifier }));
        return ticketView();
      } catch (error) {
        if (error.status !== 404) return signInView(error.message);
      }
    }
    if (!cancelled) signInView('The sign-in was not approved in time. Try again.');
  }

  function signInView(message) {
    clearInterval(refreshTimer);
    show(
      el('p', {}, 'Ask the customer for a screen recording from this ticket; the diagnosis comes back as an internal note.'),
      message ? el('p', { class: 'error', role: 'alert' }, message) : null,
      el('button', { class: 'primary', type: 'button', onclick: () => void signIn() }, 'Sign in to Showback'),
      el('p', { class: 'muted' }, 'Showback opens in a window of its own to confirm it is you.'),
    );
  }

  async function ticket() {
    const data = await client.get(['ticket.id', 'ticket.subject', 'ticket.requester']);
    const requester = data['ticket.requester'] || {};
    // The requester's `locale` (Zendesk's user locale, "de" or "pt-br"): Showback writes the reply's text in it.
    return { id: String(data['ticket.id']), subject: data['ticket.subject'] || `Ticket #${data['ticket.id']}`, name: requester.name || null, email: requester.email || null, locale: requester.locale || null };
  }

  const duration = (ms) => (ms === null ? '' : `${Math.floor(ms / 60000)}:${String(Math.round((ms % 60000) / 1000)).padStart(2, '0')}`);

  /**
   * "Create issue" on a recording: escalates it to the tracker as the signed-in agent (a second time updates the same
   * issue); the list then shows the issue and its state.
   */
  async function createIssue(button, ticketId, recordingId, tracker) {
    button.disabled = true;
    try {
      const recording = await callAsAgent('POST', `/tickets/${encodeURIComponent(ticketId)}/recordings/${encodeURIComponent(recordingId)}/issues`, { tracker: tracker.id });
      const issue = recording.issues.find((i) => i.tracker === tracker.id) || { key: 'the issue' };
      notice = { kind: 'notice', text: `Created ${issue.key} in ${tracker.label}.`, until: Date.now() + NOTICE_MS };
    } catch (error) {
      if (error.status === 401) return;
      notice = { kind: 'error', text: error.message, until: Date.now() + NOTICE_MS };
    }
    await refresh();
  }

  function recordingItem(ticketId, trackers, r) {
    const settled = r.status === 'ready' || r.status === 'failed';
    const issues = r.issues.map((i) => el('div', { class: 'issue' }, el('a', { href: i.url, target: '_blank', rel: 'noopener' }, i.key), ` · ${i.state}`));
    const escalate = settled
      ? trackers.filter((t) => !r.issues.some((i) => i.tracker === t.id)).map((t) => el('button', { class: 'link', type: 'button', onclick: (event) => void createIssue(event.currentTarget, ticketId, r.id, t) }, `Create issue in ${t.label}`))
      : [];
    return el('li', {}, el('a', { href: r.recording_url, target: '_blank', rel: 'noopener' }, `Recording ${duration(r.duration_ms)}`.trim()), ` · ${STATE_TEXT[settled ? r.status : 'uploaded']}`, issues, escalate);
  }

  function requestItem(item, trackers) {
    const who = item.requester_name || item.requester_email || 'the customer';
    return el(
      'li',
      { 'data-request': item.request.id },
      el('div', { class: 'row' }, el('span', {}, `For ${who}`), el('span', { class: `state state-${item.state}` }, STATE_TEXT[item.state] || item.state)),
      el('div', { class: 'muted' }, new Date(item.request.created_at).toLocaleString()),
      item.recordings.length ? el('ul', { class: 'recordings' }, item.recordings.map((r) => recordingItem(item.ticket_id, trackers, r))) : null,
    );
  }

  /** Creates a request bound to this ticket and puts Showback's text with its link, in the customer's language, in the reply being written. */
  async function askForRecording(button) {
    button.disabled = true;
    notice = null;
    try {
      const t = await ticket();
      const made = await callAsAgent('POST', `/tickets/${encodeURIComponent(t.id)}/requests`, { subject: t.subject, requester_email: t.email, requester_name: t.name, requester_locale: t.locale });
      await client.invoke('ticket.editor.insert', made.reply.html);
      notice = { kind: 'notice', text: 'Recording link added to your reply.', until: Date.now() + NOTICE_MS };
    } catch (error) {
      if (error.status === 401) return;
      notice = { kind: 'error', text: error.message, until: Date.now() + NOTICE_MS };
    }
    await refresh();
  }

  async function refresh() {
    const t = await ticket();
    let items = null;
    let trackers = [];
    let failure = null;
    try {
      // The editor toolbar's panel only inserts links: the list is the sidebar's.
      if (location === 'ticket_sidebar') ({ items, trackers } = await callAsAgent('GET', `/tickets/${encodeURIComponent(t.id)}/requests`));
    } catch (error) {
      if (error.status === 401) return;
      failure = error.message;
    }
    const ask = el('button', { class: 'primary', type: 'button', onclick: (event) => void askForRecording(event.currentTarget) }, location === 'ticket_editor' ? 'Insert a recording link' : 'Ask for a recording');
    const list = items && location === 'ticket_sidebar'
      ? items.length
        ? el('ul', { class: 'requests', 'aria-label': 'Recording requests of this ticket' }, items.map((item) => requestItem(item, trackers)))
        : el('p', { class: 'muted' }, 'No recording requested from this ticket yet.')
      : null;
    show(
      ask,
      notice && notice.until > Date.now() ? el('p', { class: notice.kind, role: notice.kind === 'error' ? 'alert' : 'status' }, notice.text) : null,
      failure ? el('p', { class: 'error', role: 'alert' }, failure) : null,
      list,
      el('footer', { class: 'muted' }, el('span', {}, `Signed in as ${session.user.name}`), el('button', { class: 'link', type: 'button', onclick: () => void signOut() }, 'Sign out')),
      storage ? null : el('p', { class: 'muted' }, 'Your browser keeps no data for apps in Zendesk: you will sign in again when Zendesk reloads.'),
    );
  }

  function ticketView() {
    clearInterval(refreshTimer);
    if (location === 'ticket_sidebar') refreshTimer = setInterval(() => document.visibilityState === 'visible' && void refresh().catch(() => {}), REFRESH_MS);
    return refresh();
  }

  async function signOut() {
    await call('DELETE', '/app/session', undefined, session.token).catch(() => {});
    saveSession(null);
    signInView();
  }

  client.on('app.registered', async (data) => {
    const settings = (data.metadata && data.metadata.settings) || {};
    base = String(settings.showback_url || '').replace(/\/+$/, '');
    subdomain = data.context.account.subdomain;
    location = data.context.location;
    if (!/^https?:\/\//.test(base)) return show(el('p', { class: 'error', role: 'alert' }, "The app's Showback address is not set. An admin sets it in the app's settings in Zendesk."));
    session = loadSession();
    if (session) return ticketView();
    // Another instance may hold a sign-in this one cannot read from storage: it answers at once if so.
    signInView();
    peers.postMessage({ type: 'session?', key: storageKey() });
  });
})();
