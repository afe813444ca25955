import { paddedClock, requestPath, stepsToReproduce, type SummaryCitation, type SummaryLine, type TranscriptSegment, type WidgetEvent } from '@showback/contract';
import { eventCitation, isConsoleError, isFailingRequest, timeCitation } from './citations.ts';
import type { SummaryMaterial } from './summary-material.ts';

/** Failures listed one by one; more are counted. */
const MAX_FAILURES = 5;
const MAX_PAGES = 6;
const MAX_QUOTES = 3;
/** A failure this close to something the customer said happened "as they spoke": listed first. */
const NEAR_SPEECH_MS = 5000;
/** What a customer says when something broke. */
const COMPLAINT = /\b(errors?|crash\w*|fail\w*|broken|breaks?|stuck|does ?n['o]?t work|did ?n['o]?t work|not working|won'?t work|nothing happens)\b/i;

interface Indexed {
  event: WidgetEvent;
  index: number;
}

/** How far `ms` is from the segment (0 inside it). */
const distanceTo = (segment: TranscriptSegment, ms: number): number => (ms < segment.start_ms ? segment.start_ms - ms : ms > segment.end_ms ? ms - segment.end_ms : 0);

function nearest<T>(items: T[], distance: (item: T) => number): T | undefined {
  let best: T | undefined;
  let bestDistance = Infinity;
  for (const item of items) {
    const d = distance(item);
    if (d < bestDistance) [best, bestDistance] = [item, d];
  }
  return best;
}

/** Steps to reproduce without a model, each citing the event it was built from (before the recording: none). */
export function digestSteps(material: SummaryMaterial): SummaryLine[] {
  return stepsToReproduce(material.events).map((step) => {
    const citation = eventCitation(material, step.event);
    return { text: step.text, citations: citation ? [citation] : [] };
  });
}

function describeFailure({ event }: Indexed): string {
  if (event.kind === 'network') return `${event.method} ${requestPath(event.url)} ${event.status === 0 ? 'got no response' : `answered ${event.status}`} at ${paddedClock(event.t)}`;
  const message = 'message' in event ? event.message.replace(/\s+/g, ' ').slice(0, 200) : '';
  return `${event.kind === 'error' ? 'Uncaught error' : 'Console error'} at ${paddedClock(event.t)}: ${message}`;
}

/**
 * The summary without a model, in the order a support agent reads it: what failed (failing requests and console
 * errors, those around the moments the customer spoke first), the pages the customer went through, the customer's
 * note, then what they said — only segments the recogniser was sure of, led by where they said something broke, with
 * the failing request nearest to it. No goal: without a model nothing says what the customer was trying to do beyond
 * their note. Every line is built from a stored event or transcript segment, so its citations are real by
 * construction (and checked all the same); the note's line has none, the note being its own evidence.
 */
export function buildDigest(material: SummaryMaterial): { goal: string | null; lines: SummaryLine[]; steps: SummaryLine[] } {
  const lines: SummaryLine[] = [];
  const cite = (...citations: (SummaryCitation | undefined)[]): SummaryCitation[] => citations.filter((c): c is SummaryCitation => c !== undefined);
  const indexed: Indexed[] = material.events.map((event, index) => ({ event, index })).filter(({ event }) => event.t >= 0);
  const spoken = material.segments;
  const confident = spoken.filter((segment) => !segment.unsure);

  // Failures: one line each, the ones near speech first, shown in the order they happened.
  const failures = indexed.filter(({ event }) => isFailingRequest(event) || isConsoleError(event));
  const nearSpeech = (f: Indexed): boolean => spoken.some((segment) => distanceTo(segment, f.event.t) <= NEAR_SPEECH_MS);
  const shown = [...failures].sort((a, b) => Number(nearSpeech(b)) - Number(nearSpeech(a)) || a.event.t - b.event.t).slice(0, MAX_FAILURES).sort((a, b) => a.event.t - b.event.t);
  for (const failure of shown) {
    lines.push({ text: `${describeFailure(failure)}${nearSpeech(failure) ? ', while the customer was speaking' : ''}.`, citations: cite(eventCitation(material, failure.index)) });
  }
  const more = failures.filter((f) => !shown.includes(f));
  if (more.length > 0) lines.push({ text: `${more.length} more failed requests or errors.`, citations: cite(eventCitation(material, more[0]!.index)) });

  // The pages, from the navigation events.
  const pages = indexed.filter(({ event }) => event.kind === 'navigation').slice(0, MAX_PAGES);
  if (pages.length > 0) {
    const steps = pages.map(({ event }) => `${event.kind === 'navigation' ? requestPath(event.url) : ''} (${paddedClock(event.t)})`);
    lines.push({ text: `Pages the customer went to: ${steps.join(' → ')}.`, citations: cite(...pages.map(({ event }) => timeCitation(material, event.t))) });
  }

  // The note, third: what the customer wrote in their own words.
  const note = material.note?.replace(/\s+/g, ' ').trim();
  const wrote: SummaryLine[] = note ? [{ text: `The customer wrote: “${note.slice(0, 500)}”`, citations: [] }] : [];

  // What the customer said: complaints first, each with the failing request nearest to it; else what was said nearest
  // the first failure; else the first things said.
  const failingRequests = indexed.filter(({ event }) => isFailingRequest(event));
  const complaints = confident.filter((segment) => COMPLAINT.test(segment.text));
  const firstFailure = failures[0];
  const nearFailure = firstFailure && nearest(confident, (segment) => distanceTo(segment, firstFailure.event.t));
  const quoted = complaints.length > 0 ? complaints : nearFailure ? [nearFailure] : confident;
  const speech: SummaryLine[] = [];
  for (const segment of quoted.slice(0, MAX_QUOTES)) {
    const said = `The customer said at ${paddedClock(segment.start_ms)}: “${segment.text}”`;
    const request = COMPLAINT.test(segment.text) ? nearest(failingRequests, (f) => distanceTo(segment, f.event.t)) : undefined;
    if (request) speech.push({ text: `${said}; the nearest failing request: ${describeFailure(request)}.`, citations: cite(timeCitation(material, segment.start_ms), eventCitation(material, request.index)) });
    else speech.push({ text: said, citations: cite(timeCitation(material, segment.start_ms)) });
  }

  const cited = (list: SummaryLine[]): SummaryLine[] => list.filter((line) => line.citations.length > 0);
  return { goal: null, lines: [...cited(lines), ...wrote, ...cited(speech)], steps: digestSteps(material) };
}
