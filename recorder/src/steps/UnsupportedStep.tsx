import { useState } from 'react';
import type { Capability } from '../capture/capability.ts';
import { Notice } from '../ui/Notice.tsx';
import { m } from '../messages/index.ts';
import { StepHeading } from '../ui/StepHeading.tsx';

interface Props {
  capability: Exclude<Capability, { ok: true }>;
  onUseFile(): void;
  onRecordInTab(): void;
}

export function UnsupportedStep({ capability, onUseFile, onRecordInTab }: Props) {
  const [tabOpened, setTabOpened] = useState(false);
  const reason =
    capability.reason === 'browser-too-old'
      ? m.unsupported['browser-too-old'](capability.browser ?? m.unsupported.unknownBrowser, capability.minimumVersion ?? 0)
      : m.unsupported[capability.reason];
  return (
    <section className="step" data-step="unsupported">
      <StepHeading>{m.unsupported.title}</StepHeading>
      <p>{reason}</p>
      {tabOpened && <Notice live>{m.unsupported.tabOpened}</Notice>}
      <div className="actions">
        {capability.canRecordInTab && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              onRecordInTab();
              setTabOpened(true);
            }}
          >
            {m.unsupported.recordInTab}
          </button>
        )}
        {capability.canUploadFile && (
          <button type="button" className={capability.canRecordInTab ? 'btn btn-secondary' : 'btn btn-primary'} onClick={onUseFile}>
            {m.unsupported.uploadInstead}
          </button>
        )}
      </div>
    </section>
  );
}
