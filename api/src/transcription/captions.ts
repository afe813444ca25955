import type { TranscriptSegment } from '@showback/contract';

function clock(ms: number, withHours: boolean): string {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
  const hh = withHours || hours > 0 ? `${pad(hours)}:` : '';
  return `${hh}${pad(minutes)}:${pad(seconds)}`;
}

/** Cue text is markup in WebVTT: spoken "<" or "&" must not open a tag or an entity. */
function escapeCueText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A WebVTT file with one cue per segment (what the player's captions track shows). */
export function toWebVtt(segments: TranscriptSegment[]): string {
  const cues = segments.map((segment, index) => {
    const start = `${clock(segment.start_ms, true)}.${String(segment.start_ms % 1000).padStart(3, '0')}`;
    const endMs = Math.max(segment.end_ms, segment.start_ms + 1);
    const end = `${clock(endMs, true)}.${String(endMs % 1000).padStart(3, '0')}`;
    return `${index + 1}\n${start} --> ${end}\n${escapeCueText(segment.text)}`;
  });
  return ['WEBVTT', ...cues].join('\n\n') + '\n';
}

/** Plain text, one segment a line with its time: "[01:12] the save button does nothing". */
export function toPlainText(segments: TranscriptSegment[]): string {
  return segments.map((segment) => `[${clock(segment.start_ms, false)}] ${segment.text}`).join('\n') + '\n';
}
