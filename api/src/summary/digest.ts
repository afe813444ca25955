import { requestPath, type SummaryCitation, type SummaryLine, type TranscriptSegment } from '@showback/contract';
import { eventCitation, isConsoleError, isFailingRequest, timeCitation } from './citations.ts';
import type { SummaryMaterial } from './summary-material.ts';

const MAX_REQUESTS = 5;

function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

function nearestSegment(segments: TranscriptSegment[], ms: number): TranscriptSegment | undefined {
  let best: TranscriptSegment | undefined;
  for (const segment of segments) {
    const distance = ms < segment.start_ms ? segment.start_ms - ms : ms > segment.end_ms ? ms - segment.end_ms : 0;
    const bestDistance = best ? (ms < best.start_ms ? best.start_ms - ms : ms > best.end_ms ? ms - best.end_ms : 0) : Infinity;
    if (distance < bestDistance) best = segment;
  }
  return best;
}

/**
 * The summary without a model: the customer's note as the goal, then the first console error and the failing
 * requests with their times, and what was said nearest to the first failure. Every line is built from a stored
 * event or transcript segment, so its citations are real by construction (and checked all the same).
 */
export function buildDigest(material: SummaryMaterial): { goal: string | null; lines: SummaryLine[] } {
  const lines: SummaryLine[] = [];
  const cite = (...citations: (SummaryCitation | undefined)[]): SummaryCitation[] => citations.filter((c): c is SummaryCitation => c !== undefined);
  const indexed = material.events.map((event, index) => ({ event, index })).filter(({ event }) => event.t >= 0);

  const firstError = indexed.find(({ event }) => isConsoleError(event));
  if (firstError) {
    const message = 'message' in firstError.event ? firstError.event.message : '';
    lines.push({ text: `First console error at ${clock(firstError.event.t)}: ${message.slice(0, 300)}`, citations: cite(eventCitation(material, firstError.index)) });
  }
  const failing = indexed.filter(({ event }) => isFailingRequest(event));
  for (const { event, index } of failing.slice(0, MAX_REQUESTS)) {
    if (event.kind !== 'network') continue;
    const outcome = event.status === 0 ? 'got no response' : `answered ${event.status}`;
    lines.push({ text: `${event.method} ${requestPath(event.url)} ${outcome} at ${clock(event.t)}.`, citations: cite(eventCitation(material, index)) });
  }
  if (failing.length > MAX_REQUESTS) lines.push({ text: `${failing.length - MAX_REQUESTS} more requests failed.`, citations: cite(eventCitation(material, failing[MAX_REQUESTS]!.index)) });

  const firstFailure = [firstError, failing[0]].filter((x) => x !== undefined).sort((a, b) => a.event.t - b.event.t)[0];
  const said = firstFailure ? nearestSegment(material.segments, firstFailure.event.t) : material.segments[0];
  if (said) lines.push({ text: `The customer said at ${clock(said.start_ms)}: “${said.text}”`, citations: cite(timeCitation(material, said.start_ms)) });

  const goal = material.note ? `The customer wrote: “${material.note.slice(0, 500)}”` : null;
  return { goal, lines: lines.filter((line) => line.citations.length > 0) };
}
