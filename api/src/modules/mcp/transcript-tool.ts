import { MCP_TRANSCRIPT_MAX_CHARS, TranscriptInputSchema, type TranscriptSegment } from '@showback/contract';
import { toPlainText, toWebVtt } from '../../transcription/captions.ts';
import { getTranscript, readySegments } from '../transcripts/transcripts.service.ts';
import { defineTool, jsonAnswer, seconds } from './mcp-tool.ts';

export const transcriptTool = defineTool({
  name: 'get_transcript',
  title: 'What the customer said',
  description:
    'The transcript of what the customer said while recording: `text` (default), one line per segment with its time ([mm:ss]), or `webvtt` captions. ' +
    `Filter by \`from_seconds\`/\`to_seconds\`. At most ${MCP_TRANSCRIPT_MAX_CHARS.toLocaleString('en')} characters an answer: a longer one stops at a segment and says which from_seconds reads on. ` +
    'Until the transcript is ready the answer gives its state (pending, processing, no_speech, failed).',
  input: TranscriptInputSchema,
  permission: 'recordings.read',
  async run(ctx, user, input) {
    const { status } = await getTranscript(ctx, user.accountId, input.recording_id);
    if (status !== 'ready') return jsonAnswer({ status, note: status === 'no_speech' ? 'Nothing was said in this recording.' : 'The transcript is not ready.' });
    const { segments } = await readySegments(ctx, user.accountId, input.recording_id);
    const from = (input.from_seconds ?? -Infinity) * 1000;
    const to = (input.to_seconds ?? Infinity) * 1000;
    const render = input.format === 'webvtt' ? toWebVtt : toPlainText;
    const kept: TranscriptSegment[] = [];
    let rest: TranscriptSegment | undefined;
    for (const segment of segments.filter((s) => s.end_ms >= from && s.start_ms <= to)) {
      if (kept.length > 0 && render([...kept, segment]).length > MCP_TRANSCRIPT_MAX_CHARS) {
        rest = segment;
        break;
      }
      kept.push(segment);
    }
    return jsonAnswer({
      status,
      format: input.format ?? 'text',
      transcript: render(kept),
      ...(rest ? { note: `Cut before ${seconds(rest.start_ms)} s: call get_transcript again with from_seconds=${seconds(rest.start_ms)} for the rest.` } : {}),
    });
  },
});
