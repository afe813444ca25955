import type { PublicRecordingRequest } from '@showback/contract';
import type { Spool, SpoolKeeping } from '../upload/spool.ts';
import type { UploadStatus } from '../upload/UploadController.ts';
import type { RecordingSession } from './RecordingSession.ts';

interface DebugState {
  step: string;
  session: RecordingSession | undefined;
  spool: Spool | undefined;
  upload: UploadStatus | undefined;
  request: PublicRecordingRequest | undefined;
}

/** What browser tests read through `window.__recorderDebug` (only with ?debug=1). */
export interface RecorderDebug {
  step: string;
  recordingId?: string;
  uploadUrl?: string;
  upload?: UploadStatus;
  /** Where the recording is kept (device, host page, memory). */
  keeping?: SpoolKeeping;
  spooledBytes(): Promise<number>;
  /** sha256 (hex) of everything spooled for the current recording: what the server must end up with. */
  spoolSha256(): Promise<string | undefined>;
}

export function installDebugHook(read: () => DebugState): () => void {
  const s = read();
  const hook: RecorderDebug = {
    step: s.step,
    recordingId: s.session?.id,
    uploadUrl: s.session?.uploadUrl,
    upload: s.upload,
    keeping: s.spool?.keeping,
    spooledBytes: async () => (s.session && s.spool ? ((await s.spool.get(s.session.id))?.bytes ?? 0) : 0),
    spoolSha256: async () => {
      if (!s.session) return undefined;
      const digest = await crypto.subtle.digest('SHA-256', await (await s.session.blob()).arrayBuffer());
      return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
    },
  };
  (window as unknown as { __recorderDebug?: RecorderDebug }).__recorderDebug = hook;
  return () => undefined;
}
