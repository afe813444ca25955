import { useEffect, useState } from 'react';
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

let purify: Promise<typeof import('dompurify')> | undefined;

/**
 * The server stores instructions sanitized; sanitizing again here means a server bug can still not run script on the
 * recipient's page. DOMPurify (~9 KB gzip) is fetched only for a request that has instructions, while the rest of the
 * step paints (issue #17); undefined until then. A failed fetch is forgotten, so the next mount tries again.
 */
function useSanitized(html: string): string | undefined {
  const [clean, setClean] = useState<{ source: string; html: string }>();
  useEffect(() => {
    if (!html.trim()) return;
    let live = true;
    (purify ??= import('dompurify')).then(
      ({ default: DOMPurify }) => live && setClean({ source: html, html: DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input'] }) }),
      () => (purify = undefined),
    );
    return () => {
      live = false;
    };
  }, [html]);
  return clean?.source === html ? clean.html : undefined;
}

export function InstructionsStep({ request, inMemory, onStart, onUseFile }: Props) {
  const html = useSanitized(request.instructions_html);
  return (
    <section className="step" data-step="instructions">
      <p className="eyebrow">{m.instructions.from(request.branding.name)}</p>
      <StepHeading>{request.title}</StepHeading>
      {html?.trim() && <div className="instructions" dangerouslySetInnerHTML={{ __html: html }} />}
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
