import type { MediaProbe } from './probe.ts';
import { runTool } from './run-tool.ts';

export interface ConvertOptions {
  ffmpegPath: string;
  input: string;
  output: string;
  probe: MediaProbe;
  /** Burns a "Recorded with Showback" mark into the picture (free plan); forces a transcode. */
  watermark: boolean;
  /** Skip the remux attempt (benchmarks measure the transcode path with it). */
  forceTranscode?: boolean;
}

export type ConvertMode = 'remux' | 'transcode';

const WATERMARK = "drawtext=text='Recorded with Showback':fontcolor=white@0.85:fontsize=max(14\\,h/28):x=w-tw-12:y=h-th-12:box=1:boxcolor=black@0.45:boxborderw=6";

/** Browsers and QuickTime play H.264 only in 4:2:0. */
export function canCopyVideo(probe: MediaProbe): boolean {
  return probe.video?.codec === 'h264' && (probe.video.pixFmt === 'yuv420p' || probe.video.pixFmt === 'yuvj420p');
}

function audioArgs(probe: MediaProbe): string[] {
  if (!probe.audio) return ['-an'];
  return probe.audio.codec === 'aac' ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '128k'];
}

/** The remux of `input` (a path, or pipe:0 for bytes still arriving) whose streams `probe` describes. */
export const remuxArgs = (probe: MediaProbe, input: string, output: string): string[] => args({ input, output, probe, watermark: false }, 'remux');

function args(options: Omit<ConvertOptions, 'ffmpegPath'>, mode: ConvertMode): string[] {
  const { probe, watermark } = options;
  const video =
    mode === 'remux'
      ? ['-c:v', 'copy']
      : [
          // MediaRecorder output has variable frame timing; without vfr ffmpeg duplicates frames up to 1000 fps.
          '-fps_mode', 'vfr',
          '-vf', [watermark ? WATERMARK : '', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'].filter(Boolean).join(','),
          '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p',
        ];
  return [
    '-hide_banner', '-nostdin', '-y',
    '-i', options.input,
    '-map', '0:v:0', '-map', '0:a:0?',
    ...video,
    ...audioArgs(probe),
    '-movflags', '+faststart',
    '-f', 'mp4',
    options.output,
  ];
}

/**
 * MP4 with H.264/AAC and the index (moov) before the media data, so playback starts before the download ends.
 * Video is copied when it already is 4:2:0 H.264 (MediaRecorder's avc1 output) and re-encoded otherwise; a remux
 * that ffmpeg rejects (odd timestamps) falls back to a transcode rather than failing the submission.
 */
export async function convertToMp4(options: ConvertOptions): Promise<ConvertMode> {
  if (!options.probe.video) throw new Error('The upload has no video stream');
  const timeoutMs = 2 * 60 * 60 * 1000;
  if (!options.watermark && !options.forceTranscode && canCopyVideo(options.probe)) {
    try {
      await runTool(options.ffmpegPath, args(options, 'remux'), { timeoutMs });
      return 'remux';
    } catch {
      // fall through to the transcode
    }
  }
  await runTool(options.ffmpegPath, args(options, 'transcode'), { timeoutMs });
  return 'transcode';
}
