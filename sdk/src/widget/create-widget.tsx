import { render } from 'preact';
import type { WidgetRecorderMessage } from '@showback/contract';
import type { Chunks, Widget, WidgetHost } from '../core/widget-host.ts';
import type { OpenOptions, ShowbackError } from '../types.ts';
import { loadChunk } from '../core/load-chunk.ts';
import { sbError } from '../core/sb-error.ts';
import { shadowHost, styleElement } from '../ui/style-element.ts';
import { createSession } from './create-session.ts';
import { MODAL_CSS } from './modal-css.ts';
import { Modal } from './Modal.tsx';
import { LAUNCHER_LABELS } from '../ui/launcher-labels.ts';
import { WIDGET_STRINGS } from './strings.ts';
import { hostSpool } from './host-spool.ts';
import { contextMessage, listenToRecorder, localeMessage, restrictMessage, spoolResult } from './protocol.ts';
import { recordElement, type RecordElement } from './record-element.ts';
import type { PrivacyBlur } from './privacy-blur.ts';

interface Open {
  host: HTMLElement;
  root: ShadowRoot;
  mount: HTMLElement;
  opts: OpenOptions;
  returnFocus: Element | null;
  stopListening: () => void;
  frame?: HTMLIFrameElement | null;
  url?: string;
  /** Why the session was refused: an error code, worded in the widget's language when drawn. */
  error?: string;
  /** Recording: the modal is a small control and the page is usable (the recorder's `layout` message). */
  compact?: boolean;
  /** The page's app shell as an Element Capture target (`init({ recordElement })`), made at the frame's first `ready`. */
  shell?: Promise<RecordElement | undefined>;
  /** Checks that the shell is still shown while the widget is open. */
  shellWatch?: ReturnType<typeof setInterval>;
  /** Between the recorder's `recording:start` and `recording:stop`. */
  recording?: boolean;
}

// The session's refusals the customer is told about in words of their own; anything else is `failed`.
const TOLD = ['ORIGIN_NOT_ALLOWED', 'PLAN_REQUIRED', 'KEY_INVALID'] as const;

/** The recorder's address with the page's language as its prefix (`/de/r/ws_…`), which the recorder obeys. */
const inLanguage = (url: string, locale: string | undefined): string => (locale ? url.replace(/^(https?:\/\/[^/]+)/, `$1/${locale}`) : url);

/** The lazily loaded part: the modal with the recorder iframe and the protocol with it. */
export function createWidget(h: WidgetHost): Widget {
  let ui: Open | undefined;
  // The recording control goes to the launcher's vertical edge, on the other side (bottom-right → bottom-left).
  const launcherAt = /^(top|bottom)-(left|right)$/.exec(String((h.opts.launcher || {}).position)) || ['', 'bottom', 'right'];
  const corner = `${launcherAt[1]} ${launcherAt[2] === 'left' ? 'right' : 'left'}`;

  // The page's private elements are blurred from the countdown (the control goes compact before the first frame) until
  // Stop: on the page itself, so their pixels never reach the video. The blur is a chunk of its own, fetched when the
  // modal opens (long before the customer can share); a failed fetch is tried again at the next change.
  let privacyChunk: Promise<PrivacyBlur> | undefined;
  let privacy: PrivacyBlur | undefined;
  let blurWanted = false;
  const blur = (on: boolean) => {
    blurWanted = on;
    (privacyChunk ??= loadChunk(h.host, h.opts.nonce, 'privacy').then((make) => make(h.opts.privacy, h.opts.nonce)))
      .then((p) => {
        privacy = p;
        if (blurWanted) p.on();
        else p.off();
        if (ui) draw(ui);
      })
      .catch((e: unknown) => {
        privacyChunk = undefined;
        if (blurWanted) h.emit('error', sbError('RECORDER', `Could not blur the page's private elements: ${e}`));
      });
  };

  const draw = (u: Open) =>
    render(
      <Modal
        title={LAUNCHER_LABELS[h.locale]}
        t={WIDGET_STRINGS[h.locale]}
        rtl={h.locale === 'ar'}
        lang={h.locale}
        url={u.url}
        error={u.error && WIDGET_STRINGS[h.locale][TOLD.find((code) => code === u.error) || 'failed']}
        compact={u.compact}
        privacyNote={privacy && blurWanted ? privacy.note[h.locale] : undefined}
        corner={corner}
        onClose={close}
        onFrame={(el) => (u.frame = el)}
        onWrap={(to) => ((to === 'last' && u.frame) || u.root.querySelector<HTMLElement>('.x'))?.focus()}
      />,
      u.mount,
    );

  // The context's collection (redaction, environment, metadata) is needed only when a recording is submitted: fetched
  // when recording starts (so a network cut later does not keep it away) or at the context request, never to open the
  // modal. A failed fetch is forgotten so the next request tries again.
  let contextChunk: Promise<Chunks['context']> | undefined;
  const loadContext = () =>
    (contextChunk ??= loadChunk(h.host, h.opts.nonce, 'context').catch((e: unknown) => {
      contextChunk = undefined;
      throw e;
    }));

  const post = (u: Open, message: unknown, transfer: Transferable[] = []) => u.frame?.contentWindow?.postMessage(message, h.host, transfer);

  const onMessage = (u: Open, m: WidgetRecorderMessage) => {
    switch (m.type) {
      case 'ready':
        // Once per frame: a recorder in a tab of its own says `ready` through the frame again, and records another
        // tab, where this page's element is no target.
        if (u.shell) return;
        u.shell = recordElement(h.opts.recordElement, u.host);
        return void u.shell.then((shell) => {
          if (!shell || ui !== u) return;
          post(u, restrictMessage(shell.target));
          // An app that re-mounts or hides its shell would freeze the video (no frames of an element that is not
          // rendered): the recorder goes back to the whole tab.
          u.shellWatch = setInterval(() => {
            if (shell.shown()) return;
            clearInterval(u.shellWatch);
            post(u, restrictMessage(null));
          }, 500);
        });
      case 'recording:start':
        u.recording = true;
        blur(true);
        // Its failure is not this message's: the context request fetches again and reports it.
        loadContext().catch(() => {});
        return h.emit('recording:start', { startedAt: m.startedAt });
      case 'recording:stop':
        u.recording = false;
        blur(false);
        return h.emit('recording:stop', { durationMs: m.durationMs });
      case 'upload:progress':
        return h.emit('upload:progress', { loaded: m.loaded, total: m.total });
      case 'submitted':
        return h.emit('submitted', { submissionId: m.submissionId });
      case 'error':
        return h.emit('error', sbError('RECORDER', `${m.code}: ${m.message}`));
      case 'close':
        return close();
      case 'layout':
        u.compact = m.layout === 'compact';
        // Full again without a recording under way: the countdown was cancelled.
        if (u.compact) blur(true);
        else if (!u.recording) blur(false);
        draw(u);
        // Back to the full modal (after Stop, or reopened): the keyboard is in the dialog again.
        if (!u.compact) u.frame?.focus();
        return;
      case 'spool':
        // Answered even after the modal closed and reopened: the frame that asked is the one answered, if still there.
        return void hostSpool(m.op, m.args).then(
          (value) => post(u, spoolResult(m.id, true, value)),
          (e) => post(u, spoolResult(m.id, false, e)),
        );
      case 'context:request':
        loadContext()
          .then((buildContext) => buildContext(h, m.startedAt, u.opts.metadata))
          .then(
            (context) => ui === u && post(u, contextMessage(m.id, context)),
            (e) => h.emit('error', sbError('RECORDER', `Could not collect the page context: ${e}`)),
          );
    }
  };

  function close(): void {
    const u = ui;
    if (!u) return;
    ui = undefined;
    blur(false);
    u.stopListening();
    clearInterval(u.shellWatch);
    void u.shell?.then((shell) => shell?.restore());
    render(null, u.mount);
    u.host.remove();
    if (u.returnFocus instanceof HTMLElement && u.returnFocus.isConnected) u.returnFocus.focus();
    h.closed();
    h.emit('close', {});
  }

  async function open(given: OpenOptions | undefined): Promise<void> {
    // Whatever the page passed: checked here so the up-front bundle carries no such code.
    const opts: OpenOptions = given && typeof given === 'object' ? given : {};
    if (ui) return (ui.compact ? ui.frame : ui.root.querySelector<HTMLElement>('.x'))?.focus();
    const { host, root } = shadowHost('modal');
    const mount = document.createElement('div');
    root.append(styleElement(MODAL_CSS, h.opts.nonce), mount);
    // The launcher's button sits in a shadow root: focus goes back to the deepest active element, not its host.
    let returnFocus = document.activeElement;
    while (returnFocus?.shadowRoot?.activeElement) returnFocus = returnFocus.shadowRoot.activeElement;
    const u: Open = { host, root, mount, opts, returnFocus, stopListening: () => {} };
    u.stopListening = listenToRecorder(h.host, () => u.frame?.contentWindow, (m) => onMessage(u, m));
    // Escape from anywhere in the modal; inside the iframe the recorder sends `close` instead. Never while the
    // recording control is shown: Escape there belongs to the page, and closing would throw the recording away.
    host.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !u.compact) {
        e.stopPropagation();
        close();
      }
    });
    ui = u;
    blur(false);
    draw(u);
    root.querySelector<HTMLElement>('.x')?.focus();
    h.emit('open', {});
    try {
      const session = await createSession(h, opts);
      u.url = inLanguage(session.recorder_url, h.localeGiven ? h.locale : undefined);
    } catch (e) {
      u.error = (e as ShowbackError).code || 'failed';
      throw e;
    } finally {
      if (ui === u) draw(u);
    }
  }

  // The frame keeps its address (a new one would reload the recorder and lose a recording): the recorder is told.
  const relocale = () => {
    if (!ui) return;
    draw(ui);
    post(ui, localeMessage(h.locale));
  };

  return { open, close, destroy: close, relocale };
}
