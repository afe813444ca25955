import type { ReactNode } from 'react';
import { m } from '../messages/index.ts';
import type { UploadState } from '../upload/UploadController.ts';
import type { Step } from './flow.ts';

const PROGRESS: Partial<Record<Step, number>> = {
  instructions: 0,
  microphone: 1,
  share: 2,
  countdown: 3,
  recording: 3,
  preview: 4,
  file: 4,
  details: 5,
  submit: 5,
};
const LABELS = [m.steps.instructions, m.steps.microphone, m.steps.share, m.steps.record, m.steps.review, m.steps.send];

export function Layout({ step, accountName, uploadState, children }: { step: Step; accountName?: string; uploadState?: UploadState; children: ReactNode }) {
  const current = PROGRESS[step];
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand" aria-label={m.appName}>
          <span className="brand-mark" aria-hidden="true" />
          {accountName ?? 'Showback'}
        </span>
        {uploadState === 'reconnecting' && (
          <span className="pill pill-warning" role="status">
            {m.submit.reconnecting}
          </span>
        )}
      </header>
      {current !== undefined && (
        <nav aria-label={m.stepOf(current + 1, LABELS.length)}>
          <ol className="progress-steps">
            {LABELS.map((label, i) => (
              <li key={label} className={i < current ? 'is-done' : i === current ? 'is-current' : undefined} aria-current={i === current ? 'step' : undefined}>
                <span className="visually-hidden">{i < current ? '✓ ' : ''}</span>
                {label}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <main className="card">{children}</main>
    </div>
  );
}
