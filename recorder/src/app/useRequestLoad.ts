import { useEffect, useState, type Dispatch } from 'react';
import { chooseLocale, type Locale, type PublicRecordingRequest } from '@showback/contract';
import { checkCapability, detectFeatures, type Capability } from '../capture/capability.ts';
import { locale } from '../messages/index.ts';
import { loadSanitizer } from '../steps/InstructionsStep.tsx';
import { openSpool } from '../upload/openSpool.ts';
import type { Spool, SpooledRecording } from '../upload/spool.ts';
import { ApiError, fetchPublicRequest } from './api.ts';
import { asksForDetails } from './details.ts';
import type { FlowEvent, Step } from './flow.ts';
import type { HostBridge } from './hostBridge.ts';
import { localeFromPath } from './token.ts';

const LOAD_RETRY_MS = 5000;

export interface LoadedRequest {
  request: PublicRecordingRequest | undefined;
  linkError: { code: string; accountName?: string } | undefined;
  capability: Capability;
  spool: Spool | undefined;
  /** A recording of this link left unsent on this device, offered on the resume step. */
  pending: SpooledRecording | undefined;
  forgetPending(): void;
}

/**
 * The `loading` step's work: the request, this browser's capability, the spool and a recording left unsent, all
 * before the first step paints; an unreachable server is tried again every 5 s. The request's own language applies
 * unless the link's prefix chose (`changeLanguage` resolves once its strings are in).
 */
export function useRequestLoad(step: Step, token: string, bridge: HostBridge, dispatch: Dispatch<FlowEvent>, changeLanguage: (next: Locale) => Promise<unknown>): LoadedRequest {
  const [request, setRequest] = useState<PublicRecordingRequest>();
  const [linkError, setLinkError] = useState<{ code: string; accountName?: string }>();
  const [capability, setCapability] = useState<Capability>({ ok: true });
  const [spool, setSpool] = useState<Spool>();
  const [pending, setPending] = useState<SpooledRecording>();

  useEffect(() => {
    if (step !== 'loading') return;
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
  }, [step, token, bridge, dispatch, changeLanguage]);

  useEffect(() => {
    if (step !== 'load-failed') return;
    const t = setTimeout(() => dispatch({ type: 'retry-load' }), LOAD_RETRY_MS);
    return () => clearTimeout(t);
  }, [step, dispatch]);

  return { request, linkError, capability, spool, pending, forgetPending: () => setPending(undefined) };
}
