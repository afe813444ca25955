export interface RecordingFormat {
  mimeType: string;
  /** MP4 from MediaRecorder only honours the timeslice when keyframes come often. */
  keyframeIntervalMs?: number;
}

// H.264 in (fragmented) MP4 first: the server remuxes it without transcoding. Plain "video/mp4" in Chromium means VP9,
// so avc1 is asked for by name; Safari only speaks MP4 with AAC.
export const FORMAT_PREFERENCE: readonly RecordingFormat[] = [
  { mimeType: 'video/mp4;codecs=avc1,opus', keyframeIntervalMs: 1000 },
  { mimeType: 'video/webm;codecs=vp9,opus' },
  { mimeType: 'video/webm;codecs=vp8,opus' },
  { mimeType: 'video/mp4;codecs=avc1,mp4a.40.2', keyframeIntervalMs: 1000 },
  { mimeType: 'video/webm' },
  { mimeType: 'video/mp4', keyframeIntervalMs: 1000 },
];

export function pickFormat(isTypeSupported: (type: string) => boolean): RecordingFormat | undefined {
  return FORMAT_PREFERENCE.find((f) => {
    try {
      return isTypeSupported(f.mimeType);
    } catch {
      return false;
    }
  });
}

/** The container type without codecs, for the upload's filetype and the file name. */
export const containerOf = (mimeType: string): string => mimeType.split(';')[0]!.trim().toLowerCase();
export const extensionOf = (mimeType: string): string => (containerOf(mimeType) === 'video/webm' ? 'webm' : 'mp4');
