import { warn } from '../core/logger.ts';

interface ElementCapture {
  fromElement(element: Element): Promise<object>;
}

export interface RecordElement {
  /** A `RestrictionTarget` for the element, to post to the recorder frame. */
  target: object;
  /** Whether the element is still in the page and rendered: Element Capture sends no frames of one that is not. */
  shown(): boolean;
  /** Puts the element's inline `isolation` back as it was. */
  restore(): void;
}

/**
 * The page's `recordElement` (an element or a selector) as an Element Capture target, or undefined where the browser
 * has none (anything but Chrome/Edge 132+) or the option names no element that leaves `control` out. Element Capture
 * records only an element that forms a stacking context, so it gets `isolation: isolate` (no other effect on layout)
 * until `restore()`.
 */
export async function recordElement(option: unknown, control: Element): Promise<RecordElement | undefined> {
  const capture = (window as { RestrictionTarget?: ElementCapture }).RestrictionTarget;
  if (!option || typeof capture?.fromElement !== 'function') return undefined;
  let el: Element | null = null;
  try {
    el = typeof option === 'string' ? document.querySelector(option) : option instanceof Element ? option : null;
  } catch {
    // an invalid selector: reported below
  }
  if (!el || el === document.body || el === document.documentElement || el.contains(control)) {
    warn('recordElement must name an element inside <body> that does not hold the widget; recording the whole tab');
    return undefined;
  }
  const style = (el as HTMLElement).style;
  const before = style.isolation;
  style.isolation = 'isolate';
  const restore = () => void (style.isolation = before);
  try {
    const shown = () => el.isConnected && el.getClientRects().length > 0;
    return { target: await capture.fromElement(el), shown, restore };
  } catch (e) {
    restore();
    warn('recordElement: the browser refused it as a capture target; recording the whole tab', e);
    return undefined;
  }
}
