import { requestPath } from './summaries.ts';
import type { WidgetActionEvent, WidgetEvent } from './widget-events.ts';

/** One step: plain text (render it as text), the moment on the video clock and the event it was built from. */
export interface ReproStep {
  text: string;
  t_ms: number;
  /** The event's index in the submission's event list (`/events`, the summary's citations use the same). */
  event: number;
}

/** Steps listed; the earliest are left out past it (the moments before a failure matter most). */
export const MAX_REPRO_STEPS = 15;

const quoted = (s: string) => `'${s.replace(/\s+/g, ' ').trim()}'`;

function target(e: WidgetActionEvent): string {
  if (e.name) return quoted(e.name);
  if (e.role) return `the ${e.role}`;
  return e.selector ?? 'the page';
}

/** An action in words, as the timeline lists it: "Clicked 'Pay now'", "Filled in 'Card number'", "Left the tab". */
export function actionSentence(e: WidgetActionEvent): string {
  switch (e.action) {
    case 'click':
      return `Clicked ${target(e)}`;
    case 'tap':
      return `Tapped ${target(e)}`;
    case 'change':
      if (e.state === 'checked' || e.state === 'unchecked') return `${e.state === 'checked' ? 'Checked' : 'Unchecked'} ${target(e)}`;
      return e.state ? `Chose ${quoted(e.state)} in ${target(e)}` : `Filled in ${target(e)}`;
    case 'key':
      return `Pressed ${e.key ?? 'a key'} in ${target(e)}`;
    case 'submit':
      return `Submitted ${e.name ? `the form ${quoted(e.name)}` : 'a form'}`;
    case 'page_hidden':
      return 'Left the tab';
    case 'page_visible':
      return 'Came back to the tab';
    case 'page_blur':
      return 'Switched to another window';
    case 'page_focus':
      return 'Came back to the window';
    case 'scroll':
      return e.role === 'page' || !e.role ? 'Scrolled the page' : `Scrolled ${target(e)}`;
  }
}

/** Window focus and scrolling say little about how to reproduce: the timeline shows them, the steps do not. */
const NOT_A_STEP = new Set<WidgetActionEvent['action']>(['page_blur', 'page_focus', 'scroll']);
/** A click into a field is said better by its change ("Checked 'Remember me'", "Filled in 'Email'"). */
const FIELD_ROLES = new Set(['textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'slider', 'switch', 'spinbutton']);

function stepText(e: WidgetEvent): string | undefined {
  switch (e.kind) {
    case 'action':
      return NOT_A_STEP.has(e.action) || ((e.action === 'click' || e.action === 'tap') && FIELD_ROLES.has(e.role ?? '')) ? undefined : actionSentence(e);
    case 'navigation':
      return `Opened ${requestPath(e.url)}`;
    case 'network':
      return e.status === 0 || e.status >= 400 ? `${e.method} ${requestPath(e.url)} → ${e.status === 0 ? 'no response' : e.status}` : undefined;
    case 'error':
      return `Error: ${e.message.replace(/\s+/g, ' ').slice(0, 120)}`;
    case 'console':
      return e.level === 'error' ? `Console error: ${e.message.replace(/\s+/g, ' ').slice(0, 120)}` : undefined;
  }
}

/**
 * Steps to reproduce, without a model: the customer's actions, navigations and failures (failing requests, errors) in
 * the order they happened, before the recording started too (the pre-open buffer is often where the problem began).
 * A step that says the same as the one before it (typing in one field, clicking one button twice) is listed once.
 * Pure: the recording's page, the summary, the helpdesk note and the escalated issue all list the same steps.
 */
export function stepsToReproduce(events: readonly WidgetEvent[]): ReproStep[] {
  const steps: ReproStep[] = [];
  events.forEach((e, event) => {
    const text = stepText(e);
    if (text && steps.at(-1)?.text !== text) steps.push({ text, t_ms: Math.round(e.t), event });
  });
  return steps.slice(-MAX_REPRO_STEPS);
}
