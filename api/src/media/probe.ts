import { runTool } from './run-tool.ts';

export interface MediaProbe {
  durationMs: number | undefined;
  formatName: string;
  video: { codec: string; width: number; height: number; pixFmt: string | undefined } | undefined;
  audio: { codec: string } | undefined;
}

interface FfprobeOutput {
  format?: { duration?: string; format_name?: string };
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; pix_fmt?: string; duration?: string }[];
}

/** Streams and duration of a media file; undefined fields where ffprobe found none (e.g. WebM without a duration). */
export async function probe(ffprobePath: string, file: string): Promise<MediaProbe> {
  const json = await runTool(ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { timeoutMs: 60_000 });
  const data = JSON.parse(json) as FfprobeOutput;
  const video = data.streams?.find((s) => s.codec_type === 'video');
  const audio = data.streams?.find((s) => s.codec_type === 'audio');
  const seconds = Number(data.format?.duration ?? video?.duration);
  return {
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : undefined,
    formatName: data.format?.format_name ?? '',
    video: video?.codec_name
      ? { codec: video.codec_name, width: video.width ?? 0, height: video.height ?? 0, pixFmt: video.pix_fmt }
      : undefined,
    audio: audio?.codec_name ? { codec: audio.codec_name } : undefined,
  };
}
