import { runTool } from './run-tool.ts';

/**
 * A JPEG of the video's frame at `seconds`, at the video's own size. `input` is a file or a URL ffmpeg reads with
 * range requests (a presigned object), so a frame near the end does not fetch the whole video. Seeking before -i
 * lands on the frame shown at that moment (ffmpeg decodes from the keyframe before it).
 */
export async function extractFrame(ffmpegPath: string, input: string, output: string, seconds: number): Promise<void> {
  await runTool(ffmpegPath, ['-hide_banner', '-nostdin', '-y', '-ss', seconds.toFixed(3), '-i', input, '-frames:v', '1', '-q:v', '3', output], { timeoutMs: 60_000 });
}
