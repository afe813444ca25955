import { FrameInputSchema } from '@showback/contract';
import { recordingFrame } from '../submissions/recording-frame.ts';
import { defineTool, seconds } from './mcp-tool.ts';

export const frameTool = defineTool({
  name: 'get_screen_at',
  title: 'The screen at a moment',
  description:
    "What the customer's screen showed at a moment of the recording, as a JPEG image of the video's frame at its full size: look at the page when an error fired or a request failed " +
    '(use the `t_seconds` of a console entry or request; times before 0 have no video). Needs the recording to be processed (state ready).',
  input: FrameInputSchema,
  permission: 'recordings.read',
  async run(ctx, user, input) {
    const frame = await recordingFrame(ctx, user.accountId, input.recording_id, input.at_seconds);
    const length = frame.durationMs === null ? '' : ` of ${seconds(frame.durationMs)} s`;
    return {
      content: [
        { type: 'image', data: frame.jpeg.toString('base64'), mimeType: 'image/jpeg' },
        { type: 'text', text: `The frame at ${seconds(frame.atMs)} s${length}.` },
      ],
    };
  },
});
