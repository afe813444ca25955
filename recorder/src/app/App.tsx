import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { chooseLocale, randomId, type CreateSubmission, type Locale, type PublicRecordingRequest, type Recipient, type SubmissionSource } from '@showback/contract';
import { checkCapability, detectFeatures, type Capability } from '../capture/capability.ts';
import { CaptureError, type CaptureFailure } from '../capture/captureError.ts';
import { captureDisplay, restrictToElement, stopStream, unrestrict } from '../capture/displayCapture.ts';
import { readEnvironment } from '../capture/environment.ts';
import { captureMicrophone } from '../capture/microphone.ts';
import { containerOf } from '../capture/recordingFormat.ts';
import { locale, m, setLocale } from '../messages/index.ts';
import { CountdownStep } from '../steps/CountdownStep.tsx';
import { DetailsStep } from '../steps/DetailsStep.tsx';
import { DoneStep } from '../steps/DoneStep.tsx';
import { FileStep } from '../steps/FileStep.tsx';
import { InstructionsStep, loadSanitizer } from '../steps/InstructionsStep.tsx';
import { LinkErrorPage } from '../steps/LinkErrorPage.tsx';
import { LoadFailedStep } from '../steps/LoadFailedStep.tsx';
import { MicrophoneStep } from '../steps/MicrophoneStep.tsx';
import { PreviewStep } from '../steps/PreviewStep.tsx';
import { RecordingStep } from '../steps/RecordingStep.tsx';
import { ResumeStep } from '../steps/ResumeStep.tsx';
import { ShareStep } from '../steps/ShareStep.tsx';
import { SubmitStep } from '../steps/SubmitStep.tsx';
import { UnsupportedStep } from '../steps/UnsupportedStep.tsx';
import { openSpool } from '../upload/openSpool.ts';
import type { Spool, SpooledRecording } from '../upload/spool.ts';
import { UploadController, uploadIdOf, type UploadStatus } from '../upload/UploadController.ts';
import { ApiError, fetchPublicRequest, submitWithRetry } from './api.ts';
import { localeFromPath } from './token.ts';
import { installDebugHook } from './debug.ts';
import { asksForDetails } from './details.ts';
import { flow, initialFlow } from './flow.ts';
import { noopBridge, type HostBridge } from './hostBridge.ts';
import { brandStyle } from './brandStyle.ts';
import { Layout } from './Layout.tsx';
import { RecordingSession, type RecordingFailure } from './RecordingSession.ts';
import { videoDurationMs } from './videoDuration.ts';

interface Props {
  token: string;
  bridge: HostBridge;
  embedded: boolean;
  debug: boolean;
}

type SubmitPhase = 'uploading' | 'saving' | 'failed';

const LOAD_RETRY_MS = 5000;
const FAILURE_CODES: Record<RecordingFailure, string> = { storage: 'STORAGE_FAILED', recorder: 'RECORDER_FAILED', 'no-data': 'RECORDER_NO_DATA' };
const REDIRECT_DELAY_MS = 2500;

const isHttpUrl = (url: string | null): url is string => {
  try {
    return url !== null && ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};

/** Hands the customer a copy of the recording as a download, e.g. while the server does not answer. */
function saveToDevice(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the browser to start writing the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function App({ token, bridge, embedded, debug }: Props) {
  const [state, dispatch] = useReducer(flow, initialFlow);
  // Mirrors messages/index.ts's `locale` so a switch renders the page again; nothing else of the state changes.
  const [language, setLanguage] = useState<Locale>(locale);
  // A catalogue that cannot be fetched keeps the current language: the switch shows it again.
  const changeLanguage = useCallback((next: Locale) => setLocale(next).then((applied) => applied && setLanguage(next), () => undefined), []);
  const [request, setRequest] = useState<PublicRecordingRequest>();
  const [linkError, setLinkError] = useState<{ code: string; accountName?: string }>();
  const [capability, setCapability] = useState<Capability>({ ok: true });
  const [spool, setSpool] = useState<Spool>();
  const [pending, setPending] = useState<SpooledRecording>();
  const [resumeBusy, setResumeBusy] = useState(false);
  const [mic, setMic] = useState<MediaStream>();
  // The recipient chose to record their voice; a re-record asks for the microphone again (no prompt the second time).
  const [micWanted, setMicWanted] = useState(false);
  const [micBusy, setMicBusy] = useState(false);
  const [micError, setMicError] = useState<CaptureFailure>();
  const [shareWaiting, setShareWaiting] = useState(false);
  const [shareError, setShareError] = useState<CaptureFailure>();
  const [session, setSession] = useState<RecordingSession>();
  const [durationMs, setDurationMs] = useState(0);
  const [recordedBytes, setRecordedBytes] = useState(0);
  const [previewNotice, setPreviewNotice] = useState<string>();
  const [upload, setUpload] = useState<UploadStatus>();
  const [fileUpload, setFileUpload] = useState<{ id: string; controller: UploadController; file: File; durationMs?: number }>();
  const [recipient, setRecipient] = useState<Recipient>({});
  const [submitPhase, setSubmitPhase] = useState<SubmitPhase>('uploading');
  const [submitError, setSubmitError] = useState<{ code?: string; message?: string }>();
  const [submitAttempt, setSubmitAttempt] = useState(0);
  const [saveRetrying, setSaveRetrying] = useState(false);
  /** The last save attempt got no answer at all (not a refusal or a failed connection). */
  const [saveStalled, setSaveStalled] = useState(false);
  // The customer opened the full recorder during a recording (from the widget's floating control).
  const [expanded, setExpanded] = useState(false);
  // This frame opened the recorder in a tab of its own, which is recording: the page must stay usable meanwhile.
  const [inOtherTab, setInOtherTab] = useState(false);
  const display = useRef<MediaStream | undefined>(undefined);
  const sessionPromise = useRef<Promise<RecordingSession | undefined> | undefined>(undefined);
  // A widget session's token opened in a tab of its own (the "record in a new tab" path) is still the widget's.
  // This recorder is that tab (opened by the widget's frame): what it records is the customer's page, another tab.
  const isWidgetTab = embedded && window.parent === window;
  const source: SubmissionSource = state.mode === 'file' ? 'file' : embedded || token.startsWith('ws_') ? 'widget' : 'link';

  // ---------------------------------------------------------------- loading
  useEffect(() => {
    if (state.step !== 'loading') return;
    let live = true;
    void (async () => {
      try {
        const req = await fetchPublicRequest(token);
        // The owner's language for this link, unless the link's own prefix said otherwise (main.tsx chose by then).
        const requested = chooseLocale({ given: localeFromPath(window.location.pathname), requested: req.language, browser: navigator.languages });
        const language = requested === locale ? undefined : changeLanguage(requested);
        // The instructions paint with their step, never after it (a late paint pushed "Get started" down); fetched
        // while the spool opens.
        const sanitizer = req.instructions_html.trim() ? loadSanitizer().catch(() => undefined) : undefined;
        const cap = checkCapability(detectFeatures());
        const opened = await openSpool(bridge);
        // A recording that never got a byte (MediaRecorder gave nothing) is nothing to resume.
        const found = await opened.findPending(token).then((r) => (r && r.bytes > 0 ? r : undefined)).catch(() => undefined);
        await Promise.all([sanitizer, language]);
        if (!live) return;
        setRequest(req);
        setCapability(cap);
        setSpool(opened);
        setPending(found);
        // A link made from a helpdesk ticket knows who it is for: the customer does not type it again.
        if (req.recipient) setRecipient({ ...(req.recipient.name ? { name: req.recipient.name } : {}), ...(req.recipient.email ? { email: req.recipient.email } : {}) });
        bridge.emit('open', { title: req.title });
        dispatch({ type: 'loaded', microphone: req.microphone, askDetails: asksForDetails(req.fields), canRecord: cap.ok, pending: Boolean(found) });
      } catch (err) {
        if (!live) return;
        if (err instanceof ApiError && (err.status === 404 || err.status === 410)) {
          const accountName = typeof err.details?.account_name === 'string' ? err.details.account_name : undefined;
          setLinkError({ code: err.code, accountName });
          dispatch({ type: 'load-failed', kind: 'link' });
        } else {
          dispatch({ type: 'load-failed', kind: 'network' });
        }
        bridge.emit('error', { code: err instanceof ApiError ? err.code : 'NETWORK' });
      }
    })();
    return () => {
      live = false;
    };
  }, [state.step, token, bridge, changeLanguage]);

  // The widget's page called Showback.setLocale(): the recorder follows, whatever it is doing.
  useEffect(() => bridge.onLocale?.((next) => void changeLanguage(next)), [bridge, changeLanguage]);

  // The host page's app shell left the page (Element Capture would send no more frames): record the whole tab.
  useEffect(() => bridge.onCaptureTargetLost?.(() => void unrestrict(display.current)), [bridge]);

  useEffect(() => {
    if (state.step !== 'load-failed') return;
    const t = setTimeout(() => dispatch({ type: 'retry-load' }), LOAD_RETRY_MS);
    return () => clearTimeout(t);
  }, [state.step]);

  // ---------------------------------------------------------------- session plumbing
  const sessionOptions = useCallback(
    () => ({
      spool: spool!,
      token,
      source,
      endpoint: new URL(request!.upload_endpoint, window.location.origin).href,
      onUpload: (status: UploadStatus) => {
        setUpload(status);
        bridge.emit('upload:progress', { state: status.state, confirmed_bytes: status.confirmedBytes, total_bytes: status.totalBytes });
      },
      onFailure: (kind: RecordingFailure) => {
        if (kind === 'storage') setPreviewNotice(m.recording.storageFailed);
        bridge.emit('error', { code: FAILURE_CODES[kind] });
        void stopRecordingRef.current?.('failure');
      },
    }),
    [spool, token, source, request, bridge],
  );

  const stopRecordingRef = useRef<((reason: 'user' | 'limit' | 'sharing-ended' | 'failure') => Promise<void>) | undefined>(undefined);
  const stopRecording = useCallback(
    async (reason: 'user' | 'limit' | 'sharing-ended' | 'failure') => {
      const s = session ?? (await sessionPromise.current);
      if (!s) return;
      const rec = await s.stop();
      display.current = undefined;
      setMic(undefined);
      setDurationMs(rec.durationMs);
      setRecordedBytes(rec.bytes);
      if (rec.bytes > 0 && s.endedUncleanly) setPreviewNotice(m.preview.endedUncleanly);
      else if (reason === 'limit') setPreviewNotice(m.recording.autoStopped);
      else if (reason === 'sharing-ended') setPreviewNotice(m.recording.sharingEnded);
      bridge.emit('recording:stop', { reason, duration_ms: rec.durationMs });
      dispatch({ type: 'stopped' });
    },
    [session, bridge],
  );
  stopRecordingRef.current = stopRecording;

  // ---------------------------------------------------------------- steps
  const enableMic = async (): Promise<void> => {
    setMicBusy(true);
    setMicError(undefined);
    try {
      setMic(await captureMicrophone());
      setMicWanted(true);
    } catch (err) {
      setMicError(err instanceof CaptureError ? err.failure : 'unknown');
    } finally {
      setMicBusy(false);
    }
  };
  const disableMic = (): void => {
    stopStream(mic);
    setMic(undefined);
    setMicWanted(false);
  };

  const share = async (): Promise<void> => {
    setShareWaiting(true);
    setShareError(undefined);
    try {
      // getDisplayMedia is the click's first call: Safari honours the gesture only for the first request it starts.
      const stream = await captureDisplay({ otherTab: isWidgetTab });
      display.current = stream;
      // Before the recorder sees a frame: the video is the host page's app shell from its first frame.
      await restrictToElement(stream, bridge.captureTarget?.());
      let voice = mic;
      if (micWanted && !voice?.getAudioTracks().some((t) => t.readyState === 'live')) {
        voice = await captureMicrophone();
        setMic(voice);
      }
      // The session (spool entry, tus upload creation under way) exists before the countdown, so the first chunk
      // already has somewhere to go, and a browser that cannot record this stream says so here.
      const s = await RecordingSession.record(sessionOptions(), stream, voice);
      sessionPromise.current = Promise.resolve(s);
      setSession(s);
      stream.getVideoTracks()[0]?.addEventListener('ended', () => void stopRecordingRef.current?.('sharing-ended'));
      setPreviewNotice(undefined);
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
  }, [bridge]);

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
  }, []);

  const rerecord = async (): Promise<void> => {
    await session?.discard();
    sessionPromise.current = undefined;
    setSession(undefined);
    setUpload(undefined);
    setPreviewNotice(undefined);
    dispatch({ type: 'rerecord' });
  };

  // Nothing was recorded: the empty attempt goes (locally and on the server) and the file upload takes over.
  const useFileInstead = async (): Promise<void> => {
    await session?.discard();
    sessionPromise.current = undefined;
    setSession(undefined);
    setUpload(undefined);
    dispatch({ type: 'use-file' });
  };

  const resume = async (): Promise<void> => {
    if (!pending || !spool || !request) return;
    setResumeBusy(true);
    const s = await RecordingSession.resume(sessionOptions(), pending);
    setSession(s);
    sessionPromise.current = Promise.resolve(s);
    setDurationMs(s.recording.durationMs);
    setRecordedBytes(s.recording.bytes);
    if (!pending.finished) setPreviewNotice(m.preview.interrupted);
    setResumeBusy(false);
    dispatch({ type: 'resume' });
  };

  const discardPending = async (): Promise<void> => {
    if (!pending || !spool || !request) return;
    setResumeBusy(true);
    const s = await RecordingSession.resume(sessionOptions(), pending);
    await s.discard();
    setPending(undefined);
    setResumeBusy(false);
    dispatch({ type: 'discard' });
  };

  // Recording refused in the frame (the host's Permissions-Policy, or the browser): the same session's recorder as
  // a first-party page, where capture and storage are allowed. It submits to the same widget request.
  // Through the bridge, the tab still reaches the host page: its events come with the recording.
  const recordInTab = (): void => {
    // In the language the customer has now (prefix), not the one the tab's browser would guess.
    const url = `${window.location.origin}/${locale}/r/${encodeURIComponent(token)}${window.location.search}`;
    if (bridge.recordInTab?.(url, () => setInOtherTab(false))) setInOtherTab(true);
    else window.open(url, '_blank', 'noopener');
  };

  const chooseFile = (file: File): void => {
    const controller = new UploadController({
      endpoint: new URL(request!.upload_endpoint, window.location.origin).href,
      token,
      filename: file.name,
      filetype: containerOf(file.type || 'video/mp4'),
      input: { kind: 'file', file },
      onStatus: setUpload,
    });
    controller.start();
    const entry = { id: randomId(), controller, file, durationMs: undefined as number | undefined };
    setFileUpload(entry);
    void videoDurationMs(file).then((ms) => (entry.durationMs = ms));
    dispatch({ type: 'file-chosen' });
  };

  // ---------------------------------------------------------------- submit
  useEffect(() => {
    if (state.step !== 'submit' || !request) return;
    let live = true;
    setSubmitPhase('uploading');
    setSubmitError(undefined);
    setSaveRetrying(false);
    setSaveStalled(false);
    void (async () => {
      try {
        const uploadUrl = state.mode === 'file' ? await fileUpload!.controller.done : await session!.uploaded();
        if (!live) return;
        setSubmitPhase('saving');
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
        setSubmitError({ code, message: err instanceof Error ? err.message : String(err) });
        setSubmitPhase('failed');
        bridge.emit('error', { code: code ?? 'SUBMIT_FAILED' });
      }
    })();
    return () => {
      live = false;
    };
    // Runs when the submit step opens and again after "Try again" (submitAttempt); not on every status change.
  }, [state.step, submitAttempt]);

  const retrySubmit = (): void => {
    if (submitPhase === 'failed') {
      if (state.mode === 'file') fileUpload?.controller.start();
      else session?.retryUploadNow();
      setSubmitAttempt((n) => n + 1);
    } else {
      session?.retryUploadNow();
    }
  };

  // ---------------------------------------------------------------- done
  const redirecting = state.step === 'done' && !embedded && isHttpUrl(request?.redirect_url ?? null);
  useEffect(() => {
    if (!redirecting) return;
    const t = setTimeout(() => window.location.assign(request!.redirect_url!), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [redirecting, request]);

  // Leaving while a recording is only on this device would strand it until the person comes back to the link.
  const unsent = Boolean(session || fileUpload) && state.step !== 'done';
  useEffect(() => {
    if (!unsent) return;
    const warn = (e: BeforeUnloadEvent): void => {
      e.preventDefault();
      e.returnValue = m.leaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsent]);

  useEffect(() => {
    if (debug) return installDebugHook(() => ({ step: state.step, session, spool, upload, request }));
  }, [debug, state.step, session, spool, upload, request]);

  // ---------------------------------------------------------------- the widget's floating control
  // In the widget's frame, from the countdown to Stop, the frame becomes a small control on the host page so the
  // customer can show the problem there (issue #24); after Stop the full modal comes back for review and send.
  const live = state.step === 'countdown' || state.step === 'recording';
  const compact = Boolean(bridge.layout) && (live || inOtherTab) && !expanded;
  const shownLayout = useRef(false);
  useEffect(() => {
    if (compact === shownLayout.current) return;
    shownLayout.current = compact;
    bridge.layout?.(compact ? 'compact' : 'full');
  }, [compact, bridge]);
  useEffect(() => {
    if (!live) setExpanded(false);
  }, [live]);

  // ---------------------------------------------------------------- render
  const loadSession = useCallback(() => session!.blob(), [session]);
  const body = (() => {
    switch (state.step) {
      case 'loading':
        return (
          <p className="step muted" role="status">
            {m.loading}
          </p>
        );
      case 'link-error':
        return <LinkErrorPage code={linkError?.code ?? 'NOT_FOUND'} accountName={linkError?.accountName} />;
      case 'load-failed':
        return <LoadFailedStep onRetry={() => dispatch({ type: 'retry-load' })} />;
      case 'unsupported':
        return capability.ok ? null : <UnsupportedStep capability={capability} onUseFile={() => dispatch({ type: 'use-file' })} onRecordInTab={recordInTab} />;
      case 'resume':
        return <ResumeStep durationMs={pending?.durationMs ?? 0} busy={resumeBusy} onResume={() => void resume()} onDiscard={() => void discardPending()} />;
      case 'instructions':
        return (
          <InstructionsStep
            request={request!}
            inMemory={spool?.keeping === 'memory'}
            onStart={() => dispatch({ type: 'start' })}
            onUseFile={() => dispatch({ type: 'use-file' })}
          />
        );
      case 'microphone':
        return (
          <MicrophoneStep
            mode={request!.microphone}
            stream={mic}
            busy={micBusy}
            error={micError}
            onEnable={() => void enableMic()}
            onDisable={disableMic}
            onContinue={() => dispatch({ type: 'microphone-ready' })}
            onBack={() => dispatch({ type: 'back' })}
          />
        );
      case 'share':
        return (
          <ShareStep
            waiting={shareWaiting}
            error={shareError}
            onShare={() => void share()}
            onBack={() => dispatch({ type: 'back' })}
            onUseFile={() => dispatch({ type: 'use-file' })}
            onRecordInTab={embedded && !isWidgetTab ? recordInTab : undefined}
            otherTab={isWidgetTab}
          />
        );
      case 'countdown':
        return <CountdownStep compact={compact} onDone={countdownDone} onCancel={cancelCountdown} />;
      case 'recording':
        return session ? (
          <RecordingStep
            session={session}
            maxMs={request!.max_duration_seconds * 1000}
            microphone={mic}
            keeping={spool?.keeping ?? 'device'}
            upload={upload}
            onStop={(r) => void stopRecording(r)}
            compact={compact}
            onExpand={() => setExpanded(true)}
            onMinimize={bridge.layout ? () => setExpanded(false) : undefined}
            otherTab={isWidgetTab}
          />
        ) : null;
      case 'preview':
        return session ? (
          <PreviewStep
            load={loadSession}
            empty={recordedBytes === 0}
            durationMs={durationMs}
            notice={previewNotice}
            canRerecord={state.canRecord}
            onAccept={() => dispatch({ type: 'accept' })}
            onRerecord={() => void rerecord()}
            onUseFile={() => void useFileInstead()}
            onRecordInTab={() => {
              recordInTab();
              void session.discard();
            }}
          />
        ) : null;
      case 'file':
        return <FileStep request={request!} onChosen={chooseFile} onBack={() => dispatch({ type: 'back' })} />;
      case 'details':
        return (
          <DetailsStep
            fields={request!.fields}
            initial={recipient}
            onSubmit={(r) => {
              setRecipient(r);
              dispatch({ type: 'details-done' });
            }}
            onBack={() => dispatch({ type: 'back' })}
          />
        );
      case 'submit':
        return (
          <SubmitStep
            upload={upload}
            phase={submitPhase}
            errorCode={submitError?.code}
            errorMessage={submitError?.message}
            inMemory={spool?.keeping === 'memory'}
            saveRetrying={saveRetrying}
            stalled={submitPhase === 'uploading' ? upload?.stalledSince !== undefined : submitPhase === 'saving' && saveStalled}
            onSaveCopy={session ? async () => saveToDevice(await session.blob(), session.fileName) : undefined}
            onRetry={retrySubmit}
          />
        );
      case 'done':
        return <DoneStep accountName={request!.branding.name} redirecting={redirecting} onClose={embedded ? () => bridge.emit('close') : undefined} />;
    }
  })();

  if (compact)
    return (
      <div className="compact-shell" style={brandStyle(request?.branding)}>
        {live ? (
          body
        ) : (
          <section className="step compact-bar" data-step="in-other-tab">
            <p className="compact-note" role="status">
              {m.unsupported.tabCompact}
            </p>
          </section>
        )}
      </div>
    );
  return (
    <Layout step={state.step} branding={request?.branding} withMicrophone={request?.microphone !== 'off'} uploadState={state.step === 'recording' ? upload?.state : undefined}
      inMemory={spool?.keeping === 'memory'}
      language={language}
      onLanguage={(next) => void changeLanguage(next)}
    >
      {body}
    </Layout>
  );
}
