import { useState, type FormEvent } from 'react';
import type { PublicRecordingRequest } from '@showback/contract';
import { bytes } from '../app/format.ts';
import { m } from '../messages/index.ts';
import { Notice } from '../ui/Notice.tsx';
import { StepHeading } from '../ui/StepHeading.tsx';

/** Why a chosen file cannot be sent, or undefined when it can. */
export function checkFile(file: { size: number; type: string; name: string } | undefined, request: Pick<PublicRecordingRequest, 'max_upload_bytes' | 'accepted_types'>): string | undefined {
  if (!file) return m.file.missing;
  const type = file.type.split(';')[0]!.toLowerCase();
  const looksLikeVideo = type ? request.accepted_types.includes(type) : /\.(mp4|m4v|webm|mov|mkv)$/i.test(file.name);
  if (!looksLikeVideo) return m.file.wrongType;
  if (file.size === 0) return m.file.empty;
  if (file.size > request.max_upload_bytes) return m.file.tooLarge(bytes(request.max_upload_bytes));
  return undefined;
}

export function FileStep({ request, onChosen, onBack }: { request: PublicRecordingRequest; onChosen(file: File): void; onBack(): void }) {
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    const problem = checkFile(file, request);
    setError(problem);
    if (!problem && file) onChosen(file);
  };
  return (
    <section className="step" data-step="file">
      <StepHeading>{m.file.title}</StepHeading>
      <p>{m.file.body(bytes(request.max_upload_bytes))}</p>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="video-file">{m.file.label}</label>
          <input
            id="video-file"
            type="file"
            accept={request.accepted_types.join(',')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'video-file-error' : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0]);
              setError(undefined);
            }}
          />
        </div>
        {error && (
          <div id="video-file-error">
            <Notice tone="error">{error}</Notice>
          </div>
        )}
        <div className="actions">
          <button type="submit" className="btn btn-primary">
            {m.file.choose}
          </button>
          <button type="button" className="btn btn-secondary btn-back" onClick={onBack}>
            {m.back}
          </button>
        </div>
      </form>
    </section>
  );
}
