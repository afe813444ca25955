import { useCallback, useEffect, useReducer, useState } from 'react';
import type { Locale, PublicRecordingRequest, Recipient, SubmissionSource } from '@showback/contract';
import { locale, m, setLocale } from '../messages/index.ts';
import { CountdownStep } from '../steps/CountdownStep.tsx';
import { DetailsStep } from '../steps/DetailsStep.tsx';
import { DoneStep } from '../steps/DoneStep.tsx';
import { FileStep } from '../steps/FileStep.tsx';
import { InstructionsStep } from '../steps/InstructionsStep.tsx';
import { LinkErrorPage } from '../steps/LinkErrorPage.tsx';
import { LoadFailedStep } from '../steps/LoadFailedStep.tsx';
import { MicrophoneStep } from '../steps/MicrophoneStep.tsx';
import { PreviewStep } from '../steps/PreviewStep.tsx';
import { RecordingStep } from '../steps/RecordingStep.tsx';
import { ResumeStep } from '../steps/ResumeStep.tsx';
import { ShareStep } from '../steps/ShareStep.tsx';
import { SubmitStep } from '../steps/SubmitStep.tsx';
import { UnsupportedStep } from '../steps/UnsupportedStep.tsx';
import type { UploadStatus } from '../upload/UploadController.ts';
import { installDebugHook } from './debug.ts';
import { flow, initialFlow } from './flow.ts';
import type { HostBridge } from './hostBridge.ts';
import { brandStyle } from './brandStyle.ts';
import { Layout } from './Layout.tsx';
import { useLeaving } from './useLeaving.ts';
import { useMicrophone } from './useMicrophone.ts';
import { useRecording } from './useRecording.ts';
import { useRequestLoad } from './useRequestLoad.ts';
import { useSubmit } from './useSubmit.ts';
import { useWidgetLayout } from './useWidgetLayout.ts';

interface Props {
  token: string;
  bridge: HostBridge;
  embedded: boolean;
  debug: boolean;
}

const isHttpUrl = (url: string | null): url is string => {
  try {
    return url !== null && ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};

/** A link made from a helpdesk ticket knows who it is for: the customer does not type it again. */
const recipientOf = (request: PublicRecordingRequest | undefined): Recipient => ({
  ...(request?.recipient?.name ? { name: request.recipient.name } : {}),
  ...(request?.recipient?.email ? { email: request.recipient.email } : {}),
});

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

/**
 * The recorder: the flow's step (flow.ts) mapped to its component. The work behind the steps lives in hooks: loading
 * the request (useRequestLoad), the microphone, the recording and its session (useRecording), sending (useSubmit),
 * the widget's floating control (useWidgetLayout) and leaving the page (useLeaving).
 */
export function App({ token, bridge, embedded, debug }: Props) {
  const [state, dispatch] = useReducer(flow, initialFlow);
  // Mirrors messages/index.ts's `locale` so a switch renders the page again; nothing else of the state changes.
  const [language, setLanguage] = useState<Locale>(locale);
  // A catalogue that cannot be fetched keeps the current language: the switch shows it again.
  const changeLanguage = useCallback((next: Locale) => setLocale(next).then((applied) => applied && setLanguage(next), () => undefined), []);
  // The widget's page called Showback.setLocale(): the recorder follows, whatever it is doing.
  useEffect(() => bridge.onLocale?.((next) => void changeLanguage(next)), [bridge, changeLanguage]);

  const { request, linkError, capability, spool, pending, forgetPending } = useRequestLoad(state.step, token, bridge, dispatch, changeLanguage);
  // What the server has confirmed of the recording or the chosen file, for the progress bars.
  const [upload, setUpload] = useState<UploadStatus>();
  const [typedRecipient, setRecipient] = useState<Recipient>();
  const recipient = typedRecipient ?? recipientOf(request);
  // This frame opened the recorder in a tab of its own, which is recording: the page must stay usable meanwhile.
  const [inOtherTab, setInOtherTab] = useState(false);
  // A widget session's token opened in a tab of its own (the "record in a new tab" path) is still the widget's.
  // This recorder is that tab (opened by the widget's frame): what it records is the customer's page, another tab.
  const isWidgetTab = embedded && window.parent === window;
  const source: SubmissionSource = state.mode === 'file' ? 'file' : embedded || token.startsWith('ws_') ? 'widget' : 'link';

  const microphone = useMicrophone();
  const recording = useRecording({ token, source, request, spool, bridge, microphone, otherTab: isWidgetTab, dispatch, onUpload: setUpload });
  const { session } = recording;
  const sending = useSubmit({ state, token, source, request, session, recipient, bridge, embedded, dispatch, onUpload: setUpload });
  const live = state.step === 'countdown' || state.step === 'recording';
  const { compact, expand, minimize } = useWidgetLayout(bridge, live, inOtherTab);

  const redirecting = state.step === 'done' && !embedded && isHttpUrl(request?.redirect_url ?? null);
  useLeaving(redirecting ? request!.redirect_url! : undefined, Boolean(session || sending.fileUpload) && state.step !== 'done');

  useEffect(() => {
    if (debug) return installDebugHook(() => ({ step: state.step, session, spool, upload, request }));
  }, [debug, state.step, session, spool, upload, request]);

  // Recording refused in the frame (the host's Permissions-Policy, or the browser): the same session's recorder as
  // a first-party page, where capture and storage are allowed. It submits to the same widget request.
  // Through the bridge, the tab still reaches the host page: its events come with the recording.
  const recordInTab = (): void => {
    // In the language the customer has now (prefix), not the one the tab's browser would guess.
    const url = `${window.location.origin}/${locale}/r/${encodeURIComponent(token)}${window.location.search}`;
    if (bridge.recordInTab?.(url, () => setInOtherTab(false))) setInOtherTab(true);
    else window.open(url, '_blank', 'noopener');
  };

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
        return <ResumeStep
            durationMs={pending?.durationMs ?? 0}
            busy={recording.resumeBusy}
            onResume={() => pending && void recording.resume(pending)}
            onDiscard={() => pending && void recording.discardPending(pending).then(forgetPending)}
          />;
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
            stream={microphone.stream}
            busy={microphone.busy}
            error={microphone.error}
            onEnable={() => void microphone.enable()}
            onDisable={microphone.disable}
            onContinue={() => dispatch({ type: 'microphone-ready' })}
            onBack={() => dispatch({ type: 'back' })}
          />
        );
      case 'share':
        return (
          <ShareStep
            waiting={recording.shareWaiting}
            error={recording.shareError}
            onShare={() => void recording.share()}
            onBack={() => dispatch({ type: 'back' })}
            onUseFile={() => dispatch({ type: 'use-file' })}
            onRecordInTab={embedded && !isWidgetTab ? recordInTab : undefined}
            otherTab={isWidgetTab}
            widget={source === 'widget'}
          />
        );
      case 'countdown':
        return <CountdownStep compact={compact} onDone={recording.countdownDone} onCancel={recording.cancelCountdown} />;
      case 'recording':
        return session ? (
          <RecordingStep
            session={session}
            maxMs={request!.max_duration_seconds * 1000}
            microphone={microphone.stream}
            keeping={spool?.keeping ?? 'device'}
            upload={upload}
            onStop={(r) => void recording.stop(r)}
            compact={compact}
            onExpand={expand}
            onMinimize={bridge.layout ? minimize : undefined}
            otherTab={isWidgetTab}
          />
        ) : null;
      case 'preview':
        return session ? (
          <PreviewStep
            load={loadSession}
            empty={recording.recordedBytes === 0}
            durationMs={recording.durationMs}
            notice={recording.notice}
            canRerecord={state.canRecord}
            onAccept={() => dispatch({ type: 'accept' })}
            onRerecord={() => void recording.rerecord()}
            onUseFile={() => void recording.useFileInstead()}
            onRecordInTab={() => {
              recordInTab();
              void session.discard();
            }}
          />
        ) : null;
      case 'file':
        return <FileStep request={request!} onChosen={sending.chooseFile} onBack={() => dispatch({ type: 'back' })} />;
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
            phase={sending.phase}
            errorCode={sending.error?.code}
            errorMessage={sending.error?.message}
            inMemory={spool?.keeping === 'memory'}
            saveRetrying={sending.saveRetrying}
            stalled={sending.phase === 'uploading' ? upload?.stalledSince !== undefined : sending.phase === 'saving' && sending.saveStalled}
            onSaveCopy={session ? async () => saveToDevice(await session.blob(), session.fileName) : undefined}
            onRetry={sending.retry}
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
