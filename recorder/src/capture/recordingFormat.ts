export interface RecordingFormat {
  mimeType: string;
  /** MP4 from MediaRecorder only honours the timeslice when keyframes come often. */
  keyframeIntervalMs?: number;
}

// H.264 in (fragmented) MP4 first: the server remuxes it without transcoding. Plain "video/mp4" in Chromium means VP9,
// so avc1 is asked for by name; Safari speaks MP4 with AAC; Firefox records WebM (VP8/Opus) only.
export const FORMATS_WITH_AUDIO: readonly RecordingFormat[] = [
  { mimeType: 'video/mp4;codecs=avc1,opus', keyframeIntervalMs: 1000 },
  { mimeType: 'video/mp4;codecs=avc1,mp4a.40.2', keyframeIntervalMs: 1000 },
  { mimeType: 'video/webm;codecs=vp9,opus' },
  { mimeType: 'video/webm;codecs=vp8,opus' },
  { mimeType: 'video/webm' },
  { mimeType: 'video/mp4', keyframeIntervalMs: 1000 },
];

// The codecs named must match the tracks present: Firefox, given "vp8,opus" for a stream without audio, fires `start`
// and then nothing at all (no data, no stop, no error), so a silent recording asks for video codecs only.
export const FORMATS_VIDEO_ONLY: readonly RecordingFormat[] = [
  { mimeType: 'video/mp4;codecs=avc1', keyframeIntervalMs: 1000 },
  { mimeType: 'video/webm;codecs=vp9' },
  { mimeType: 'video/webm;codecs=vp8' },
  { mimeType: 'video/webm' },
  { mimeType: 'video/mp4', keyframeIntervalMs: 1000 },
];

/** The first format this browser's MediaRecorder takes for a stream with (or without) an audio track. */
export function pickFormat(isTypeSupported: (type: string) => boolean, withAudio: boolean): RecordingFormat | undefined {
  return (withAudio ? FORMATS_WITH_AUDIO : FORMATS_VIDEO_ONLY).find((f) => {
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
