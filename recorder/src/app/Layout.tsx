import type { ReactNode } from 'react';
import type { Locale, PublicBranding } from '@showback/contract';
import { m } from '../messages/index.ts';
import { BrandMark } from '../ui/BrandMark.tsx';
import { LanguageSwitch } from '../ui/LanguageSwitch.tsx';
import { PoweredBy } from '../ui/PoweredBy.tsx';
import type { UploadState } from '../upload/UploadController.ts';
import { brandStyle } from './brandStyle.ts';
import type { Step } from './flow.ts';

const STEPS = ['instructions', 'microphone', 'share', 'record', 'review', 'send'] as const;
type Shown = (typeof STEPS)[number];
// `loading` shows the bar already, at the first step: appearing with the step, it pushed the card down (issue #24).
const PROGRESS: Partial<Record<Step, Shown>> = {
  loading: 'instructions',
  instructions: 'instructions',
  microphone: 'microphone',
  share: 'share',
  countdown: 'record',
  recording: 'record',
  preview: 'review',
  file: 'review',
  details: 'send',
  submit: 'send',
};

interface Props {
  step: Step;
  /** Undefined until the request loaded (and on link errors): the product's own look. */
  branding?: PublicBranding;
  /** False when the request has the microphone off: that step is never shown, so it is not listed either. */
  withMicrophone?: boolean;
  uploadState?: UploadState;
  /** The recording is only in this page's memory: "reconnecting" must not say it is safe on the device. */
  inMemory?: boolean;
  language: Locale;
  onLanguage(locale: Locale): void;
  children: ReactNode;
}

export function Layout({ step, branding, withMicrophone = true, uploadState, inMemory = false, language, onLanguage, children }: Props) {
  const steps = STEPS.filter((s) => withMicrophone || s !== 'microphone');
  const shown = PROGRESS[step];
  const current = shown ? steps.indexOf(shown) : -1;
  return (
    <div className="shell" style={brandStyle(branding)}>
      <header className="topbar">
        <BrandMark branding={branding} />
        {uploadState === 'reconnecting' && (
          <span className="pill pill-warning" role="status">
            {inMemory ? m.submit.reconnectingInMemory : m.submit.reconnecting}
          </span>
        )}
        <LanguageSwitch value={language} onChange={onLanguage} />
      </header>
      {current >= 0 && (
        <nav aria-label={m.stepOf(current + 1, steps.length)}>
          <ol className="progress-steps">
            {steps.map((s, i) => (
              <li key={s} className={i < current ? 'is-done' : i === current ? 'is-current' : undefined} aria-current={i === current ? 'step' : undefined}>
                <span className="visually-hidden">{i < current ? '✓ ' : ''}</span>
                {m.steps[s]}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <main className="card">{children}</main>
      {/* Not while loading: under the small loading card it would jump down the page when the step paints (and a
          paid account may hide it). */}
      {(branding ? branding.powered_by !== false : step !== 'loading') && <PoweredBy />}
    </div>
  );
}
