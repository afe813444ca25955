import { AppError } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { MP4, storedMediaType, type MediaType } from './media-type.ts';
import type { SubmissionRecord } from './submissions.repository.ts';

/** The processed MP4 when there is one, else the stored original (processing pending or failed) as its bytes show. */
export async function playable(storage: Storage, row: SubmissionRecord): Promise<{ key: string; type: MediaType }> {
  if (row.video_key) return { key: row.video_key, type: MP4 };
  if (row.original_key) return { key: row.original_key, type: await storedMediaType(storage, row.original_key) };
  throw new AppError('CONFLICT', 'The video is still being received. Try again in a moment.');
}
