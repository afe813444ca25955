import { stepsToReproduce, type SummaryLine, type WidgetEvent } from '@showback/contract';

/** A step as a note or an issue lists it: its text and, when it has one, its moment in the video. */
export interface ListedStep {
  text: string;
  t_ms: number | null;
}

/**
 * The steps to reproduce a helpdesk note and an escalated issue list: the summary's once it is written (a model's
 * with checked citations, or the digest's), else built from the stored events without a model, the same way.
 */
export function reproSteps(summary: { steps: SummaryLine[] } | null, events: readonly WidgetEvent[]): ListedStep[] {
  if (summary && summary.steps.length > 0) return summary.steps.map((s) => ({ text: s.text, t_ms: s.citations.find((c) => c.t_ms >= 0)?.t_ms ?? null }));
  return stepsToReproduce(events).map((s) => ({ text: s.text, t_ms: s.t_ms >= 0 ? s.t_ms : null }));
}
