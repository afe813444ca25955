import type { SummaryCitation, SummaryLine, WidgetEvent } from '@showback/contract';
import type { SummaryMaterial } from './summary-material.ts';

/** How far a cited time may be from the speech or event it points at. */
const TIME_SLACK_MS = 2000;

export const isFailingRequest = (e: WidgetEvent): boolean => e.kind === 'network' && (e.status === 0 || e.status >= 400);
export const isConsoleError = (e: WidgetEvent): boolean => (e.kind === 'console' && e.level === 'error') || e.kind === 'error';

/** "E3" → the citation of event 3, when it is a request, a console message or an uncaught error. */
export function eventCitation(material: SummaryMaterial, index: number): SummaryCitation | undefined {
  const e = material.events[index];
  if (!e) return undefined;
  const t_ms = Math.round(e.t);
  if (e.kind === 'network') return { type: 'request', event: index, t_ms, method: e.method, url: e.url, status: e.status };
  if (e.kind === 'console') return { type: 'console', event: index, t_ms, level: e.level, message: e.message };
  if (e.kind === 'error') return { type: 'console', event: index, t_ms, level: 'error', message: e.message };
  // An action or a navigation is cited by its moment in the video (before the recording started: no moment to show).
  return t_ms >= 0 ? { type: 'time', t_ms } : undefined;
}

/** A time in the video, when something was said or happened within two seconds of it. */
export function timeCitation(material: SummaryMaterial, ms: number): SummaryCitation | undefined {
  if (!Number.isFinite(ms) || ms < 0) return undefined;
  if (material.durationMs !== null && ms > material.durationMs + 1000) return undefined;
  const near = (from: number, to: number): boolean => ms >= from - TIME_SLACK_MS && ms <= to + TIME_SLACK_MS;
  const spoken = material.segments.some((segment) => near(segment.start_ms, segment.end_ms));
  const happened = material.events.some((e) => e.t >= 0 && near(e.t, e.t));
  return spoken || happened ? { type: 'time', t_ms: Math.round(ms) } : undefined;
}

/** A model's reference, "E12" or "01:12" / "1:02:03", checked against the material; undefined when it is not real. */
export function checkReference(material: SummaryMaterial, reference: string): SummaryCitation | undefined {
  const ref = reference.trim().replace(/^\[|\]$/g, '');
  const event = /^E(\d{1,6})$/i.exec(ref);
  if (event) return eventCitation(material, Number(event[1]));
  const time = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/.exec(ref);
  if (time) return timeCitation(material, ((Number(time[1] ?? 0) * 60 + Number(time[2])) * 60 + Number(time[3])) * 1000);
  return undefined;
}

/**
 * Keeps the lines that cite at least one real event or time, with only their real citations; bracketed references
 * left in the text are removed (they could not be checked where they stand).
 */
export function checkLines(material: SummaryMaterial, lines: { text: string; cite: string[] }[]): SummaryLine[] {
  const kept: SummaryLine[] = [];
  for (const line of lines) {
    const citations = line.cite.map((ref) => checkReference(material, ref)).filter((c): c is SummaryCitation => c !== undefined);
    const text = line.text.replace(/\s*\[[^\]]*\]/g, '').trim();
    if (citations.length > 0 && text) kept.push({ text, citations });
  }
  return kept;
}
