/*
 * The Showback app in Freshdesk's ticket sidebar and reply editor (docs/freshdesk.md). Plain script, no build step:
 * Freshworks hosts these files as they are. The FDK client ({{{appclient}}}) reads the ticket and writes into the
 * reply; Showback is called through Freshworks' request proxy (config/requests.json), which adds the app token from
 * the installation's secure parameter: the token never reaches this page.
 */
'use strict';

(async function () {
  const root = document.getElementById('showback');
  /** The sidebar asks for the ticket's requests this often while the agent looks at it (live state without a socket). */
  const REFRESH_MS = 5000;
  const STATES = { sent: 'Sent', opened: 'Opened', recording: 'Recording', uploaded: 'Uploaded', ready: 'Ready', failed: 'Failed' };
  const client = await app.initialized();
  const { location } = await client.instance.context();
  let message = null;

  /** A DOM element; children are nodes or text, never parsed as HTML (every value here came from elsewhere). */
  function h(tag, attrs, ...children) {
    const node = Object.assign(document.createElement(tag), attrs);
    node.append(...children.flat().filter((c) => c !== null && c !== undefined));
    return node;
  }

  /** One template call; Showback's own message when it refuses (the proxy hands over its body as text). */
  async function showback(template, context, body) {
    try {
      const answer = await client.request.invokeTemplate(template, { context, body: body === undefined ? undefined : JSON.stringify(body) });
      return JSON.parse(answer.response);
    } catch (failure) {
      const said = (() => {
        try {
          return JSON.parse(failure.response).message;
        } catch {
          return '';
        }
      })();
      const fallback = failure.status === 401 ? 'The app token was refused: an admin pastes a new one into the app settings.' : 'Showback could not be reached. Try again in a moment.';
      throw new Error(said || fallback, { cause: failure });
    }
  }

  async function currentTicket() {
    const [{ ticket }, { requester }] = await Promise.all([client.data.get('ticket'), client.data.get('requester')]);
    // The contact's `language` ("de", "pt-BR"): Showback writes the reply's text in it.
    return { id: String(ticket.id), subject: ticket.subject || `Ticket #${ticket.id}`, name: requester?.name || null, email: requester?.email || null, locale: requester?.language || null };
  }

  /** A request bound to this ticket; Showback's text with its link, in the customer's language, appended to the reply being written. */
  async function ask(button) {
    button.disabled = true;
    try {
      const ticket = await currentTicket();
      const made = await showback('createRequest', { ticket_id: ticket.id }, { subject: ticket.subject, requester_email: ticket.email, requester_name: ticket.name, requester_locale: ticket.locale });
      await client.interface.trigger('setValue', { id: 'editor', text: made.reply.html, replace: false, position: 'end' });
      message = h('p', { className: 'done', role: 'status' }, 'Recording link added to your reply.');
    } catch (error) {
      message = h('p', { className: 'error', role: 'alert' }, error.message);
    }
    await render();
  }

  /** "Create issue" on a recording, as the admin whose token the app carries; a second time updates the same issue. */
  async function createIssue(button, ticketId, recordingId, tracker) {
    button.disabled = true;
    try {
      const recording = await showback('createIssue', { ticket_id: ticketId, submission_id: recordingId }, { tracker: tracker.id });
      const issue = recording.issues.find((i) => i.tracker === tracker.id) || { key: 'the issue' };
      message = h('p', { className: 'done', role: 'status' }, `Created ${issue.key} in ${tracker.label}.`);
    } catch (error) {
      message = h('p', { className: 'error', role: 'alert' }, error.message);
    }
    await render();
  }

  function recordingRow(ticketId, trackers, r) {
    const settled = r.status === 'ready' || r.status === 'failed';
    const issues = r.issues.map((i) => h('div', { className: 'issue' }, h('a', { href: i.url, target: '_blank', rel: 'noopener' }, i.key), ` · ${i.state}`));
    const escalate = settled
      ? trackers.filter((t) => !r.issues.some((i) => i.tracker === t.id)).map((t) => h('button', { type: 'button', className: 'link', onclick: (event) => void createIssue(event.currentTarget, ticketId, r.id, t) }, `Create issue in ${t.label}`))
      : [];
    return h('div', {}, h('a', { href: r.recording_url, target: '_blank', rel: 'noopener' }, 'Open the recording'), ` · ${STATES[r.status] || 'Uploaded'}`, issues, escalate);
  }

  function requestRow(item, trackers) {
    const recordings = item.recordings.map((r) => recordingRow(item.ticket_id, trackers, r));
    // The badge's colour follows the state (style.css).
    const badge = h('span', { className: 'badge' }, STATES[item.state]);
    badge.setAttribute('data-state', item.state);
    return h('li', {}, badge, `For ${item.requester_name || item.requester_email || 'the customer'}`, h('div', { className: 'muted' }, new Date(item.request.created_at).toLocaleString()), recordings);
  }

  async function render() {
    const button = h('button', { type: 'button', onclick: (event) => void ask(event.currentTarget) }, location === 'ticket_conversation_editor' ? 'Insert a recording link' : 'Ask for a recording');
    let list = null;
    // The reply editor's panel only inserts links: the list is the sidebar's.
    if (location === 'ticket_sidebar') {
      try {
        const { items, trackers } = await showback('listRequests', { ticket_id: (await currentTicket()).id });
        list = items.length ? h('ol', { ariaLabel: 'Recording requests of this ticket' }, items.map((item) => requestRow(item, trackers))) : h('p', { className: 'muted' }, 'No recording requested from this ticket yet.');
      } catch (error) {
        list = h('p', { className: 'error', role: 'alert' }, error.message);
      }
    }
    root.replaceChildren(...[h('p', { className: 'muted' }, 'Ask the customer for a screen recording; the diagnosis comes back as a private note.'), button, message, list].filter(Boolean));
  }

  client.events.on('app.activated', () => void render());
  await render();
  if (location === 'ticket_sidebar') setInterval(() => document.visibilityState === 'visible' && void render(), REFRESH_MS);
})();
