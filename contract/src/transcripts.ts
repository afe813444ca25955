import { Type, type Static } from 'typebox';

/**
 * A submission's transcript (`/api/v1/submissions/:id/transcript`): state of the transcription job and, once ready,
 * timed segments with their words. Times are milliseconds on the recording's clock (0 = start of the video).
 */

export const TranscriptStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('processing'),
  Type.Literal('ready'),
  Type.Literal('no_speech'),
  Type.Literal('failed'),
]);
export type TranscriptStatus = Static<typeof TranscriptStatusSchema>;

export const TranscriptWordSchema = Type.Object({
  start_ms: Type.Integer({ minimum: 0 }),
  end_ms: Type.Integer({ minimum: 0 }),
  text: Type.String(),
});
export type TranscriptWord = Static<typeof TranscriptWordSchema>;

export const TranscriptSegmentSchema = Type.Object({
  start_ms: Type.Integer({ minimum: 0 }),
  end_ms: Type.Integer({ minimum: 0 }),
  text: Type.String(),
  words: Type.Array(TranscriptWordSchema),
});
export type TranscriptSegment = Static<typeof TranscriptSegmentSchema>;

export const TranscriptSchema = Type.Object({
  /**
   * pending: queued or waiting for the video; processing: running; ready: segments below; no_speech: the recording
   * has no audio track or nothing was said; failed: gave up after retries (`error` says why; POST retries it).
   */
  status: TranscriptStatusSchema,
  /** Which recogniser wrote it: `pocketsphinx` (embedded) or `api:<model>` (an OpenAI-compatible endpoint). */
  engine: Type.Union([Type.String(), Type.Null()]),
  /** no_speech only: `no_audio` (no audio track) or `silence` (audio, but no words recognised). */
  no_speech_reason: Type.Union([Type.Literal('no_audio'), Type.Literal('silence'), Type.Null()]),
  attempts: Type.Integer(),
  /** Why the last attempt failed (while retrying, and after the final failure). */
  error: Type.Union([Type.String(), Type.Null()]),
  segments: Type.Array(TranscriptSegmentSchema),
  /** WebVTT captions and plain text, once ready. */
  captions_url: Type.Union([Type.String(), Type.Null()]),
  text_url: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Transcript = Static<typeof TranscriptSchema>;
