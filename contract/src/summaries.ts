import { Type, type Static } from 'typebox';

/**
 * A submission's summary (`/api/v1/submissions/:id/summary`): what the customer was trying to do and what went wrong,
 * each line citing evidence that was checked against the stored events and transcript. Event citations carry the
 * event's index in the submission's event list (`/events`, same order) and its time; times are ms on the video clock.
 */
export const SummaryCitationSchema = Type.Union([
  Type.Object({ type: Type.Literal('time'), t_ms: Type.Integer() }),
  Type.Object({ type: Type.Literal('request'), event: Type.Integer({ minimum: 0 }), t_ms: Type.Integer(), method: Type.String(), url: Type.String(), status: Type.Integer() }),
  Type.Object({ type: Type.Literal('console'), event: Type.Integer({ minimum: 0 }), t_ms: Type.Integer(), level: Type.String(), message: Type.String() }),
]);
export type SummaryCitation = Static<typeof SummaryCitationSchema>;

export const SummaryLineSchema = Type.Object({
  /** Plain text: render it as text, never as HTML. */
  text: Type.String(),
  citations: Type.Array(SummaryCitationSchema),
});
export type SummaryLine = Static<typeof SummaryLineSchema>;

export const SummarySchema = Type.Object({
  /** pending until the transcript has settled and the summary is written (a failing model falls back to the digest). */
  status: Type.Union([Type.Literal('pending'), Type.Literal('ready')]),
  /** model: written by a language model (`engine` names it); digest: assembled from the events and transcript, no model. */
  kind: Type.Union([Type.Literal('model'), Type.Literal('digest'), Type.Null()]),
  engine: Type.Union([Type.String(), Type.Null()]),
  /** What the customer was trying to do, when a model inferred it (the digest has none: it quotes the note instead). */
  goal: Type.Union([Type.String(), Type.Null()]),
  /**
   * What went wrong, each line with at least one checked citation, except the digest's line quoting the customer's
   * note (the note is its own evidence).
   */
  lines: Type.Array(SummaryLineSchema),
  /**
   * Steps to reproduce from the customer's actions, navigations and failures, each citing its event or moment: a
   * model's when it wrote the summary (citations checked like the lines'), else built without one.
   */
  steps: Type.Array(SummaryLineSchema),
  /** Why the last model attempt failed (while retrying, or when the digest replaced the model's summary). */
  error: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** The transcript was corrected after this summary was written: a summary rebuilt from the correction follows. */
  rebuilding: Type.Boolean(),
});
export type Summary = Static<typeof SummarySchema>;

/** How a summary names a cited request: its path and query ("/api/save?step=2"), or the URL as sent when it does not parse. */
export function requestPath(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}
