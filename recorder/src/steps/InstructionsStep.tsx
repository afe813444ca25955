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

type Purify = typeof import('dompurify').default;
let purify: Promise<Purify> | undefined;
let purifier: Purify | undefined;

/**
 * The server stores instructions sanitized; sanitizing again here means a server bug can still not run script on the
 * recipient's page. DOMPurify (~9 KB gzip) is fetched only for a request that has instructions (issue #17), before
 * the step first paints (`loadSanitizer`, from the app's loading), so the instructions come with the step and push
 * nothing down (issue #24: CLS 0.14 when they arrived later). A failed fetch is forgotten, so the next try fetches
 * again; the step then shows without them until it arrives.
 */
export function loadSanitizer(): Promise<Purify> {
  return (purify ??= import('dompurify').then(
    ({ default: DOMPurify }) => (purifier = DOMPurify),
    (err: unknown) => {
      purify = undefined;
      throw err;
    },
  ));
}

const sanitize = (p: Purify, html: string): string => p.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input'] });

function useSanitized(html: string): string | undefined {
  const [clean, setClean] = useState<{ source: string; html: string } | undefined>(() => (purifier && html.trim() ? { source: html, html: sanitize(purifier, html) } : undefined));
  useEffect(() => {
    if (!html.trim() || clean?.source === html) return;
    let live = true;
    loadSanitizer().then(
      (p) => live && setClean({ source: html, html: sanitize(p, html) }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [html, clean]);
  return clean?.source === html ? clean.html : undefined;
}

export function InstructionsStep({ request, inMemory, onStart, onUseFile }: Props) {
  const html = useSanitized(request.instructions_html);
  return (
    <section className="step" data-step="instructions">
      <p className="eyebrow">{m.instructions.from(request.branding.name)}</p>
      <StepHeading>{request.default_title ? m.instructions.widgetTitle : request.title}</StepHeading>
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
