import path from 'node:path';
import { THUMBNAIL_WIDTHS, type ThumbnailWidth } from '@showback/contract';
import type { Storage } from '../storage/storage.ts';
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

/** A thumbnail is stored beside its poster: `…/poster.jpg` → `…/thumb-144.jpg`. */
export const thumbnailKey = (posterKey: string, width: ThumbnailWidth): string => posterKey.replace(/poster\.jpg$/, `thumb-${width}.jpg`);

/** The poster and its thumbnails: what to delete with it. */
export const posterKeys = (posterKey: string): string[] => [posterKey, ...THUMBNAIL_WIDTHS.map((width) => thumbnailKey(posterKey, width))];

/** Scales the poster to each thumbnail width in one ffmpeg run and stores them beside it. */
export async function putThumbnails(ffmpegPath: string, storage: Storage, poster: string, posterKey: string): Promise<void> {
  const file = (width: number): string => path.join(path.dirname(poster), `thumb-${width}.jpg`);
  const split = `[0]split=${THUMBNAIL_WIDTHS.length}${THUMBNAIL_WIDTHS.map((_, i) => `[in${i}]`).join('')}`;
  const scales = THUMBNAIL_WIDTHS.map((width, i) => `[in${i}]scale=${width}:-2[out${i}]`);
  await runTool(ffmpegPath, [
    '-hide_banner', '-nostdin', '-y', '-i', poster,
    '-filter_complex', [split, ...scales].join(';'),
    ...THUMBNAIL_WIDTHS.flatMap((width, i) => ['-map', `[out${i}]`, '-q:v', '4', file(width)]),
  ], { timeoutMs: 60_000 });
  for (const width of THUMBNAIL_WIDTHS) await storage.putFile(thumbnailKey(posterKey, width), file(width), { contentType: 'image/jpeg' });
}
