import { runTool } from './run-tool.ts';

/** A JPEG of one frame, at most 640 px wide, from a second into the video (or its middle when shorter). */
export async function makePoster(ffmpegPath: string, input: string, output: string, durationMs: number | undefined): Promise<void> {
  const at = durationMs === undefined ? 0 : Math.min(1, durationMs / 2000);
  await runTool(ffmpegPath, [
    '-hide_banner', '-nostdin', '-y',
    '-ss', at.toFixed(3), '-i', input,
    '-frames:v', '1', '-vf', "scale='min(640,iw)':-2", '-q:v', '3',
    output,
  ], { timeoutMs: 60_000 });
}
