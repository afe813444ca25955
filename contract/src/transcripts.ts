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
  /** How sure the recogniser is of this word, 0–1 (pocketsphinx's posterior probability); absent when it does not say. */
  confidence: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
});
export type TranscriptWord = Static<typeof TranscriptWordSchema>;

export const TranscriptSegmentSchema = Type.Object({
  start_ms: Type.Integer({ minimum: 0 }),
  end_ms: Type.Integer({ minimum: 0 }),
  text: Type.String(),
  words: Type.Array(TranscriptWordSchema),
  /**
   * How sure the recogniser is of the segment, 0–1: the mean of its words' confidences (pocketsphinx) or the
   * endpoint's own average token probability. Null when the recogniser does not say, and once an owner edited it.
   */
  confidence: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
  /** Confidence below UNSURE_BELOW: shown marked as uncertain, and never quoted as the customer's words. */
  unsure: Type.Boolean(),
  /** An owner corrected the text by hand (the words keep the recogniser's timing, `text` is the owner's). */
  edited: Type.Boolean(),
});
export type TranscriptSegment = Static<typeof TranscriptSegmentSchema>;

/**
 * Below this confidence a segment is unsure. Measured on the bench corpus (bench/transcription.bench.ts): pocketsphinx
 * segments under 0.5 had more wrong words than right ones; above it, most were right.
 */
export const UNSURE_BELOW = 0.5;

export const TranscriptSchema = Type.Object({
  /**
   * pending: queued or waiting for the video; processing: running; ready: segments below; no_speech: the recording
   * has no audio track or nothing was said; failed: gave up after retries (`error` says why; POST retries it).
   */
  status: TranscriptStatusSchema,
  /** Which recogniser wrote it: `pocketsphinx` (embedded) or `api:<model>` (an OpenAI-compatible endpoint). */
  engine: Type.Union([Type.String(), Type.Null()]),
  /**
   * no_speech only: `no_audio` (no audio track), `silence` (audio, but no words recognised) or
   * `unsupported_language` (the recording is in a language the embedded recogniser does not know: it knows English
   * only, and a transcription service must be configured for the others).
   */
  no_speech_reason: Type.Union([Type.Literal('no_audio'), Type.Literal('silence'), Type.Literal('unsupported_language'), Type.Null()]),
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

/** An owner's correction of one segment (`PATCH /api/v1/submissions/:id/transcript/segments/:index`). */
export const EditTranscriptSegmentBodySchema = Type.Object(
  {
    /** What was really said; spaces are tidied, and it must not be empty. */
    text: Type.String({ minLength: 1, maxLength: 2000 }),
  },
  { additionalProperties: false },
);
export type EditTranscriptSegmentBody = Static<typeof EditTranscriptSegmentBodySchema>;
