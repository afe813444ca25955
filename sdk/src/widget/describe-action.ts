import type { WidgetAction, WidgetActionEvent } from '@showback/contract';
import type { RawAction } from '../core/event-buffer.ts';
import { cut } from '../capture/serialize.ts';

// The wire's limits (WIDGET_LIMITS in the contract, whose schemas would weigh on this chunk).
const MAX_NAME = 80;
const MAX_SELECTOR = 120;

/** What a click lands on, described as the element a person meant (the button, not the icon inside it). */
const INTERACTIVE = 'a[href],button,input,select,textarea,summary,label,option,[role],[onclick],[tabindex],[contenteditable]';
/** The page says these hold private content: their text is never taken (the same conventions the blur uses). */
export const PRIVATE_SELECTORS = '[data-showback-mask],.sentry-mask,[data-sentry-mask],.fs-mask,.fs-exclude,[data-hj-suppress],.lr-hide,.ph-no-capture,[data-private]';
/** Attributes tests and analytics put on elements on purpose: stable across releases, unlike classes. */
const TEST_IDS = ['data-testid', 'data-test', 'data-cy', 'data-qa'];

const IMPLICIT_ROLES: Record<string, string> = {
  a: 'link', button: 'button', summary: 'button', select: 'combobox', textarea: 'textbox', option: 'option', form: 'form',
  img: 'img', li: 'listitem', nav: 'navigation', dialog: 'dialog', h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading',
};
const INPUT_ROLES: Record<string, string> = { checkbox: 'checkbox', radio: 'radio', range: 'slider', button: 'button', submit: 'button', reset: 'button', image: 'button', search: 'searchbox' };

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const clean = (s: string | null | undefined): string => cut((s || '').replace(/\s+/g, ' ').trim(), MAX_NAME);

function roleOf(el: Element): string {
  const explicit = el.getAttribute('role')?.split(' ')[0];
  if (explicit) return explicit;
  const tag = el.localName;
  if (tag === 'input') return INPUT_ROLES[(el as HTMLInputElement).type] ?? 'textbox';
  return IMPLICIT_ROLES[tag] ?? tag;
}

const isField = (el: Element): el is Field => el.localName === 'input' || el.localName === 'select' || el.localName === 'textarea';

/**
 * A field whose state and text never leave the page: a password, a field the page marks private, or one whose name,
 * id or autocomplete looks like a credential or a card (the rules that redact logs and bodies).
 */
export function isSensitiveField(el: Element, isSensitiveName: (name: string) => boolean): boolean {
  if ((el as HTMLInputElement).type === 'password' || el.closest(PRIVATE_SELECTORS)) return true;
  const auto = el.getAttribute('autocomplete') || '';
  return /^cc-|password|one-time-code/.test(auto) || [el.getAttribute('name'), el.id, auto].some((n) => !!n && isSensitiveName(n));
}

/**
 * The accessible name as far as attributes and text give it without layout: aria-labelledby, aria-label, a field's
 * labels, alt/title, then the visible text (`textContent`: `innerText` would lay the page out). A field's value is
 * never part of it, except the caption of an `<input type="submit">` and its kind, which is what the button reads.
 * Private elements and editable regions give no text.
 */
function nameOf(el: Element, isPrivate: boolean): string {
  const byIds = el
    .getAttribute('aria-labelledby')
    ?.split(/\s+/)
    .map((id) => el.ownerDocument.getElementById(id)?.textContent)
    .join(' ');
  const label = clean(byIds) || clean(el.getAttribute('aria-label'));
  if (label) return label;
  if (isField(el)) {
    const labels = clean(Array.from(el.labels || [], (l) => l.textContent).join(' '));
    const input = el as HTMLInputElement;
    const caption = /^(submit|button|reset)$/.test(input.type) ? input.value : '';
    return labels || clean(caption) || clean(el.getAttribute('placeholder')) || clean(el.getAttribute('title')) || clean(el.getAttribute('name'));
  }
  const titled = clean(el.getAttribute('alt')) || clean(el.getAttribute('title'));
  if (titled || isPrivate || (el as HTMLElement).isContentEditable) return titled;
  return clean(shownText(el));
}

/** The text of an element as a screen reader reads it: without what the page hides (`aria-hidden`, `hidden`, scripts). */
function shownText(el: Element): string {
  let out = '';
  for (const child of Array.from(el.childNodes)) {
    if (out.length > MAX_NAME) break;
    if (child.nodeType === 3) out += child.textContent;
    else if (child.nodeType === 1) {
      const c = child as Element;
      if (c.getAttribute('aria-hidden') === 'true' || c.hasAttribute('hidden') || /^(script|style|template)$/.test(c.localName)) continue;
      out += ` ${shownText(c)} `;
    }
  }
  return out;
}

const cssId = (id: string) => (/^[A-Za-z][\w-]*$/.test(id) && !/\d{4}|[0-9a-f]{8}/.test(id) ? `#${id}` : '');

/** A short selector that survives a release: an id or test id if there is one, else the tag with its name or classes, under the nearest id. */
function selectorOf(el: Element): string {
  for (const a of TEST_IDS) {
    const v = el.getAttribute(a);
    if (v) return cut(`[${a}="${v}"]`, MAX_SELECTOR);
  }
  const own = cssId(el.id);
  if (own) return own;
  const name = el.getAttribute('name');
  const classes = Array.from(el.classList)
    .filter((c) => /^[A-Za-z][\w-]*$/.test(c) && !/\d{3}/.test(c))
    .slice(0, 2);
  let s = el.localName + (name && /^[\w-]+$/.test(name) ? `[name="${name}"]` : classes.map((c) => `.${c}`).join(''));
  for (let p = el.parentElement; p; p = p.parentElement) {
    const id = cssId(p.id);
    if (id) {
      s = `${id} ${s}`;
      break;
    }
  }
  return cut(s, MAX_SELECTOR);
}

function fieldState(el: Field, on: RawAction['on'], sensitive: boolean): string | undefined {
  if (sensitive) return undefined;
  if (typeof on === 'boolean' && /^(checkbox|radio)$/.test((el as HTMLInputElement).type)) return on ? 'checked' : 'unchecked';
  if (el.localName === 'select' && typeof on === 'number') return clean((el as HTMLSelectElement).options[on]?.textContent) || undefined;
  return undefined;
}

const isFrame = (el: unknown) => el instanceof Element && /^(iframe|frame|object|embed)$|^showback-/.test(el.localName);

/**
 * The actions a recording hands off, described (`describeAction`) in order: a window blur that only moved focus
 * into a frame of the page (the widget's own, a payment form's) and the focus back from it are no leaving the page.
 */
export function describeActions(actions: RawAction[], isSensitiveName: (name: string) => boolean): Map<RawAction, WidgetActionEvent> {
  const out = new Map<RawAction, WidgetActionEvent>();
  let inFrame = false;
  for (const a of actions) {
    const described = describeAction(a, isSensitiveName);
    if (described?.action === 'page_blur' && isFrame(a.on)) inFrame = true;
    else if (described?.action === 'page_focus' && inFrame) inFrame = false;
    else if (described) out.set(a, described);
  }
  return out;
}

/**
 * An action in its wire shape, described from its target now that the recording hands it off: role, name, selector
 * and a non-sensitive field's state. Undefined for what is no action of the customer's on the page: the SDK's own
 * launcher and widget, a target gone without a trace.
 */
export function describeAction(a: RawAction, isSensitiveName: (name: string) => boolean): WidgetActionEvent | undefined {
  const e = a.raw;
  const base = { kind: 'action' as const, t: a.t };
  switch (e.type) {
    case 'visibilitychange':
      return { ...base, action: a.hidden ? 'page_hidden' : 'page_visible' };
  }
  const target = e.target;
  // The window's own focus and blur (the one target that is no node); an element's are no action of their own.
  if (e.type === 'focus' || e.type === 'blur') return target && !(target as Node).nodeType ? { ...base, action: e.type === 'focus' ? 'page_focus' : 'page_blur' } : undefined;
  if (!target || !(target as Node).nodeType) return e.type === 'scroll' ? { ...base, action: 'scroll', role: 'page' } : undefined;
  const node = target as Node;
  const start = node.nodeType === 9 ? (node as Document).documentElement : node.nodeType === 1 ? (node as Element) : node.parentElement;
  if (!start) return undefined;
  for (let p: Element | null = start; p; p = p.parentElement) if (p.localName.startsWith('showback-')) return undefined;
  if (e.type === 'scroll') return start === start.ownerDocument.documentElement ? { ...base, action: 'scroll', role: 'page' } : { ...base, action: 'scroll', ...describe(start) };
  const el = e.type === 'click' ? (start.closest(INTERACTIVE) ?? start) : start;
  const action: WidgetAction | undefined =
    e.type === 'click' ? ((e as PointerEvent).pointerType === 'touch' ? 'tap' : 'click') : e.type === 'change' ? 'change' : e.type === 'keydown' ? 'key' : e.type === 'submit' ? 'submit' : undefined;
  if (!action) return undefined;
  const out: WidgetActionEvent = { ...base, action, ...describe(el) };
  if (action === 'key') out.key = (e as KeyboardEvent).key as WidgetActionEvent['key'];
  if (action === 'change' && isField(el)) {
    const state = fieldState(el, a.on, isSensitiveField(el, isSensitiveName));
    if (state) out.state = state;
  }
  return out;
}

function describe(el: Element): Pick<WidgetActionEvent, 'role' | 'name' | 'selector'> {
  const name = nameOf(el, !!el.closest(PRIVATE_SELECTORS));
  const out: Pick<WidgetActionEvent, 'role' | 'name' | 'selector'> = { role: roleOf(el), selector: selectorOf(el) };
  if (name) out.name = name;
  return out;
}
