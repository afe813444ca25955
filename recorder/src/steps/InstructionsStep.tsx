import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import type { PublicRecordingRequest } from '@showback/contract';
import { spokenDuration } from '../app/format.ts';
import { m } from '../messages/index.ts';
import { Notice } from '../ui/Notice.tsx';
import { StepHeading } from '../ui/StepHeading.tsx';

interface Props {
  request: PublicRecordingRequest;
  /** The recording can only be kept in this page's memory: said before recording starts, not only during it. */
  inMemory: boolean;
  onStart(): void;
  onUseFile(): void;
}

export function InstructionsStep({ request, inMemory, onStart, onUseFile }: Props) {
  // The server stores instructions sanitized; sanitizing again here means a server bug can still not run script
  // on the recipient's page.
  const html = useMemo(() => DOMPurify.sanitize(request.instructions_html, { FORBID_TAGS: ['style', 'form', 'input'] }), [request.instructions_html]);
  return (
    <section className="step" data-step="instructions">
      <p className="eyebrow">{m.instructions.from(request.account_name)}</p>
      <StepHeading>{request.title}</StepHeading>
      {html.trim() && <div className="instructions" dangerouslySetInnerHTML={{ __html: html }} />}
      <p className="muted">{m.instructions.limit(spokenDuration(request.max_duration_seconds))}</p>
      {inMemory && <Notice tone="warning">{m.instructions.inMemory}</Notice>}
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onStart}>
          {m.instructions.start}
        </button>
        <button type="button" className="btn btn-link" onClick={onUseFile}>
          {m.instructions.uploadInstead}
        </button>
      </div>
    </section>
  );
}
