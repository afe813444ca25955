import type { TranscriptSegment } from '@showback/contract';

/** The segment being spoken at `seconds`: the last one that started by then, while it lasts (none in pauses). */
export function currentSegmentIndex(segments: TranscriptSegment[], seconds: number): number {
  const ms = seconds * 1000;
  let found = -1;
  for (const [index, segment] of segments.entries()) {
    if (segment.start_ms > ms) break;
    found = index;
  }
  return found >= 0 && ms <= segments[found]!.end_ms + 250 ? found : -1;
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** `text` cut into the parts that match `query` (case-insensitive) and the parts between, for <mark>. */
export function splitMatches(text: string, query: string): TextPart[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const parts: TextPart[] = [];
  const haystack = text.toLowerCase();
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}

export function countMatches(segments: TranscriptSegment[], query: string): number {
  return segments.reduce((sum, segment) => sum + splitMatches(segment.text, query).filter((part) => part.match).length, 0);
}
