import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import type { PublicRecordingRequest, SubmissionSource } from '@showback/contract';
import { CaptureError, type CaptureFailure } from '../capture/captureError.ts';
import { captureDisplay, restrictToElement, stopStream, unrestrict } from '../capture/displayCapture.ts';
import { m } from '../messages/index.ts';
import type { Spool, SpooledRecording } from '../upload/spool.ts';
import type { UploadStatus } from '../upload/UploadController.ts';
import type { FlowEvent } from './flow.ts';
import type { HostBridge } from './hostBridge.ts';
import { RecordingSession, type RecordingFailure } from './RecordingSession.ts';
import type { Microphone } from './useMicrophone.ts';

const FAILURE_CODES: Record<RecordingFailure, string> = { storage: 'STORAGE_FAILED', recorder: 'RECORDER_FAILED', 'no-data': 'RECORDER_NO_DATA' };

export type StopReason = 'user' | 'limit' | 'sharing-ended' | 'failure';

interface Options {
  token: string;
  source: SubmissionSource;
  request: PublicRecordingRequest | undefined;
  spool: Spool | undefined;
  bridge: HostBridge;
  microphone: Microphone;
  /** This recorder is the widget's tab of its own: it records another tab, the customer's page. */
  otherTab: boolean;
  dispatch: Dispatch<FlowEvent>;
  onUpload(status: UploadStatus | undefined): void;
}

/**
 * A recording from the share step to the preview: the capture, the session that spools and uploads it, the
 * countdown, stopping (by the customer, the limit, the browser's own bar or a failure), recording again, and a
 * recording left unsent picked up again or thrown away.
 */
export function useRecording({ token, source, request, spool, bridge, microphone, otherTab, dispatch, onUpload }: Options) {
  const [shareWaiting, setShareWaiting] = useState(false);
  const [shareError, setShareError] = useState<CaptureFailure>();
  const [session, setSession] = useState<RecordingSession>();
  const [durationMs, setDurationMs] = useState(0);
  const [recordedBytes, setRecordedBytes] = useState(0);
  const [notice, setNotice] = useState<string>();
  const [resumeBusy, setResumeBusy] = useState(false);
  const display = useRef<MediaStream | undefined>(undefined);
  const sessionPromise = useRef<Promise<RecordingSession | undefined> | undefined>(undefined);

  // The host page's app shell left the page (Element Capture would send no more frames): record the whole tab.
  useEffect(() => bridge.onCaptureTargetLost?.(() => void unrestrict(display.current)), [bridge]);

  const stopRef = useRef<((reason: StopReason) => Promise<void>) | undefined>(undefined);
  const sessionOptions = useCallback(
    () => ({
      spool: spool!,
      token,
      source,
      endpoint: new URL(request!.upload_endpoint, window.location.origin).href,
      onUpload: (status: UploadStatus) => {
        onUpload(status);
        bridge.emit('upload:progress', { state: status.state, confirmed_bytes: status.confirmedBytes, total_bytes: status.totalBytes });
      },
      onFailure: (kind: RecordingFailure) => {
        if (kind === 'storage') setNotice(m.recording.storageFailed);
        bridge.emit('error', { code: FAILURE_CODES[kind] });
        void stopRef.current?.('failure');
      },
    }),
    [spool, token, source, request, bridge, onUpload],
  );

  const stop = useCallback(
    async (reason: StopReason) => {
      const s = session ?? (await sessionPromise.current);
      if (!s) return;
      const rec = await s.stop();
      display.current = undefined;
      microphone.released();
      setDurationMs(rec.durationMs);
      setRecordedBytes(rec.bytes);
      if (rec.bytes > 0 && s.endedUncleanly) setNotice(m.preview.endedUncleanly);
      else if (reason === 'limit') setNotice(m.recording.autoStopped);
      else if (reason === 'sharing-ended') setNotice(m.recording.sharingEnded);
      bridge.emit('recording:stop', { reason, duration_ms: rec.durationMs });
      dispatch({ type: 'stopped' });
    },
    [session, bridge, microphone, dispatch],
  );
  stopRef.current = stop;

  const share = async (): Promise<void> => {
    setShareWaiting(true);
    setShareError(undefined);
    try {
      // getDisplayMedia is the click's first call: Safari honours the gesture only for the first request it starts.
      const stream = await captureDisplay({ otherTab });
      display.current = stream;
      // Before the recorder sees a frame: the video is the host page's app shell from its first frame.
      await restrictToElement(stream, bridge.captureTarget?.());
      const voice = await microphone.forRecording();
      // The session (spool entry, tus upload creation under way) exists before the countdown, so the first chunk
      // already has somewhere to go, and a browser that cannot record this stream says so here.
      const s = await RecordingSession.record(sessionOptions(), stream, voice);
      sessionPromise.current = Promise.resolve(s);
      setSession(s);
      stream.getVideoTracks()[0]?.addEventListener('ended', () => void stopRef.current?.('sharing-ended'));
      setNotice(undefined);
      dispatch({ type: 'shared' });
    } catch (err) {
      stopStream(display.current);
      display.current = undefined;
      setShareError(err instanceof CaptureError ? err.failure : 'unknown');
    } finally {
      setShareWaiting(false);
    }
  };

  const countdownDone = useCallback(() => {
    void (async () => {
      const s = await sessionPromise.current;
      if (!s) return;
      dispatch({ type: 'countdown-done' });
      // Start once the recording screen has been painted, so the video does not open on the countdown's last frame.
      requestAnimationFrame(() =>
        setTimeout(() => {
          s.start();
          bridge.emit('recording:start', { mime_type: s.mimeType });
        }, 50),
      );
    })();
  }, [bridge, dispatch]);

  const cancelCountdown = useCallback(() => {
    void (async () => {
      const s = await sessionPromise.current;
      sessionPromise.current = undefined;
      stopStream(display.current);
      display.current = undefined;
      await s?.discard();
      setSession(undefined);
      dispatch({ type: 'stopped' });
      dispatch({ type: 'rerecord' });
    })();
  }, [dispatch]);

  /** Throws this attempt away (locally and on the server); `then` says where the customer goes next. */
  const discard = async (then: FlowEvent): Promise<void> => {
    await session?.discard();
    sessionPromise.current = undefined;
    setSession(undefined);
    onUpload(undefined);
    setNotice(undefined);
    dispatch(then);
  };

  const resume = async (pending: SpooledRecording): Promise<void> => {
    setResumeBusy(true);
    const s = await RecordingSession.resume(sessionOptions(), pending);
    setSession(s);
    sessionPromise.current = Promise.resolve(s);
    setDurationMs(s.recording.durationMs);
    setRecordedBytes(s.recording.bytes);
    if (!pending.finished) setNotice(m.preview.interrupted);
    setResumeBusy(false);
    dispatch({ type: 'resume' });
  };

  const discardPending = async (pending: SpooledRecording): Promise<void> => {
    setResumeBusy(true);
    const s = await RecordingSession.resume(sessionOptions(), pending);
    await s.discard();
    setResumeBusy(false);
    dispatch({ type: 'discard' });
  };

  return {
    session,
    shareWaiting,
    shareError,
    durationMs,
    recordedBytes,
    /** Said on the preview: why the recording stopped, or that it is incomplete. */
    notice,
    resumeBusy,
    share,
    stop,
    countdownDone,
    cancelCountdown,
    rerecord: () => discard({ type: 'rerecord' }),
    // Nothing was recorded: the empty attempt goes and the file upload takes over.
    useFileInstead: () => discard({ type: 'use-file' }),
    resume,
    discardPending,
  };
}
