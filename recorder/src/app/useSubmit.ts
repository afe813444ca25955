import { useEffect, useState, type Dispatch } from 'react';
import { randomId, type CreateSubmission, type PublicRecordingRequest, type Recipient, type SubmissionSource } from '@showback/contract';
import { readEnvironment } from '../capture/environment.ts';
import { containerOf } from '../capture/recordingFormat.ts';
import { locale } from '../messages/index.ts';
import { UploadController, uploadIdOf, type UploadStatus } from '../upload/UploadController.ts';
import { submitWithRetry } from './api.ts';
import type { FlowEvent, FlowState } from './flow.ts';
import { noopBridge, type HostBridge } from './hostBridge.ts';
import type { RecordingSession } from './RecordingSession.ts';
import { videoDurationMs } from './videoDuration.ts';

export type SubmitPhase = 'uploading' | 'saving' | 'failed';

interface FileUpload {
  id: string;
  controller: UploadController;
  file: File;
  durationMs?: number;
}

interface Options {
  state: FlowState;
  token: string;
  source: SubmissionSource;
  request: PublicRecordingRequest | undefined;
  session: RecordingSession | undefined;
  recipient: Recipient;
  bridge: HostBridge;
  embedded: boolean;
  dispatch: Dispatch<FlowEvent>;
  onUpload(status: UploadStatus | undefined): void;
}

/**
 * What goes to the server: an existing video's upload (the file step), then, on the submit step, the wait for the
 * upload and the submission's save, retried while the network or the server fails, and again on "Try again".
 */
export function useSubmit({ state, token, source, request, session, recipient, bridge, embedded, dispatch, onUpload }: Options) {
  const [fileUpload, setFileUpload] = useState<FileUpload>();
  const [phase, setPhase] = useState<SubmitPhase>('uploading');
  const [error, setError] = useState<{ code?: string; message?: string }>();
  const [attempt, setAttempt] = useState(0);
  const [saveRetrying, setSaveRetrying] = useState(false);
  /** The last save attempt got no answer at all (not a refusal or a failed connection). */
  const [saveStalled, setSaveStalled] = useState(false);

  const chooseFile = (file: File): void => {
    const controller = new UploadController({
      endpoint: new URL(request!.upload_endpoint, window.location.origin).href,
      token,
      filename: file.name,
      filetype: containerOf(file.type || 'video/mp4'),
      input: { kind: 'file', file },
      onStatus: onUpload,
    });
    controller.start();
    const entry: FileUpload = { id: randomId(), controller, file };
    setFileUpload(entry);
    void videoDurationMs(file).then((ms) => (entry.durationMs = ms));
    dispatch({ type: 'file-chosen' });
  };

  useEffect(() => {
    if (state.step !== 'submit' || !request) return;
    let live = true;
    setPhase('uploading');
    setError(undefined);
    setSaveRetrying(false);
    setSaveStalled(false);
    void (async () => {
      try {
        const uploadUrl = state.mode === 'file' ? await fileUpload!.controller.done : await session!.uploaded();
        if (!live) return;
        setPhase('saving');
        const context = await bridge.getContext(session?.resumedStartedAt).catch(() => noopBridge.getContext());
        const body: CreateSubmission = {
          client_submission_id: state.mode === 'file' ? fileUpload!.id : session!.id,
          upload_id: uploadIdOf(uploadUrl),
          mime_type: state.mode === 'file' ? fileUpload!.file.type || 'video/mp4' : session!.mimeType,
          duration_ms: state.mode === 'file' ? fileUpload!.durationMs : await session!.durationMs(),
          source,
          recipient,
          environment: { ...readEnvironment(), ...context.environment },
          language: locale,
        };
        if (embedded) Object.assign(body, { events: context.events, dropped_events: context.dropped_events ?? 0, metadata: context.metadata }, context.identity ? { identity: context.identity } : {});
        if (body.duration_ms === undefined) delete body.duration_ms;
        // A recording picked up after a reload of the widget's host page goes with the session it was made in.
        const created = await submitWithRetry(session?.recording.token ?? token, body, (_attempt, err) => {
          if (!live) return;
          setSaveRetrying(true);
          setSaveStalled(err.code === 'NO_ANSWER');
        });
        if (!live) return;
        await session?.forget();
        bridge.emit('submitted', { id: created.id, redirect_url: request.redirect_url });
        dispatch({ type: 'submitted' });
      } catch (err) {
        if (!live) return;
        const code = (err as { code?: string }).code;
        setError({ code, message: err instanceof Error ? err.message : String(err) });
        setPhase('failed');
        bridge.emit('error', { code: code ?? 'SUBMIT_FAILED' });
      }
    })();
    return () => {
      live = false;
    };
    // Runs when the submit step opens and again after "Try again" (attempt); not on every status change.
  }, [state.step, attempt]);

  const retry = (): void => {
    if (phase === 'failed') {
      if (state.mode === 'file') fileUpload?.controller.start();
      else session?.retryUploadNow();
      setAttempt((n) => n + 1);
    } else {
      session?.retryUploadNow();
    }
  };

  return { fileUpload, chooseFile, phase, error, saveRetrying, saveStalled, retry };
}
