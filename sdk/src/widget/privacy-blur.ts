import type { Locale, PrivacyOptions } from '../types.ts';
import { warn } from '../core/logger.ts';
import { styleElement } from '../ui/style-element.ts';
import { PRIVACY_NOTE } from './privacy-note.ts';

/** Blurred whatever the options say: fields no page means to show, and Showback's own marker. */
export const ALWAYS_BLURRED = ['input[type=password]', '[data-showback-mask]'];

/**
 * The privacy markers other tools' users already put on their pages: Sentry, FullStory, Hotjar, LogRocket, PostHog,
 * and the plain `data-private`. Blurred unless `privacy: { conventions: false }`.
 */
export const CONVENTIONS = ['.sentry-mask', '[data-sentry-mask]', '.fs-mask', '.fs-exclude', '[data-hj-suppress]', '.lr-hide', '.ph-no-capture', '[data-private]'];

// Strong enough that no digit of a 16 px field survives in the video; !important so the page's own filters do not
// undo it. A filter is painted, never laid out: no layout read or reflow, on the page or in the SDK.
const BLUR = '{filter:blur(12px)!important}';

/** A selector the browser accepts, checked on an empty fragment (nothing is searched), else undefined with a warning. */
function valid(selector: unknown): string | undefined {
  try {
    if (typeof selector === 'string' && selector.trim()) {
      document.createDocumentFragment().querySelector(selector);
      return selector;
    }
  } catch {
    // reported below
  }
  warn('privacy.selectors: not a CSS selector, ignored:', selector);
  return undefined;
}

/** The style sheet that blurs the page's private elements, from `init({ privacy })` as the page passed it. */
export function blurCss(option: unknown): string {
  const o: PrivacyOptions = option && typeof option === 'object' ? option : {};
  const extra = (Array.isArray(o.selectors) ? o.selectors : []).map(valid).filter((s): s is string => !!s);
  const builtIn = [...ALWAYS_BLURRED, ...(o.conventions === false ? [] : CONVENTIONS)];
  // The page's selectors one rule each: a selector the browser rejects would drop the whole rule it is in.
  return [builtIn.join(','), ...extra].map((s) => s + BLUR).join('\n');
}

export interface PrivacyBlur {
  /** Blurs the private elements, now and as the page changes; again after `off()`. */
  on(): void;
  /** Takes the blur away (Stop, close, leaving the page). */
  off(): void;
  /** What the recording control says while the blur is on, by language. */
  note: Record<Locale, string>;
}

/**
 * The blur of the host page's private elements while the widget records it: a `<style>` (with the page's CSP
 * nonce), so elements the page adds later are blurred by the browser as they appear. A page that rewrites its
 * `<head>` (a framework's head manager) would take the style away mid-recording: a MutationObserver on its parent puts
 * it back, and looks at nothing else. The widget loads it as a chunk of its own (`showback-privacy.js`) when it opens,
 * before the customer can share anything.
 */
export function privacyBlur(option: unknown, nonce: string | undefined): PrivacyBlur {
  const css = blurCss(option);
  let style: HTMLStyleElement | undefined;
  let watch: MutationObserver | undefined;
  const place = () => {
    const parent = document.head || document.documentElement;
    parent.append(style!);
    watch!.disconnect();
    for (const node of new Set([parent, document.documentElement])) watch!.observe(node, { childList: true });
  };
  const off = () => {
    removeEventListener('pagehide', off);
    watch?.disconnect();
    style?.remove();
    style = watch = undefined;
  };
  return {
    on() {
      if (style) return;
      style = styleElement(css, nonce);
      watch = new MutationObserver(() => style && !style.isConnected && place());
      place();
      addEventListener('pagehide', off);
    },
    off,
    note: PRIVACY_NOTE,
  };
}
