import { useEffect, useState } from 'react';
import { clock } from '../app/format.ts';
import { m } from '../messages/index.ts';
import { Notice } from '../ui/Notice.tsx';
import { StepHeading } from '../ui/StepHeading.tsx';

interface Props {
  load(): Promise<Blob>;
  durationMs: number;
  notice?: string;
  canRerecord: boolean;
  onAccept(): void;
  onRerecord(): void;
}

export function PreviewStep({ load, durationMs, notice, canRerecord, onAccept, onRerecord }: Props) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    let objectUrl: string | undefined;
    let live = true;
    void load().then((blob) => {
      if (!live) return;
      objectUrl = URL.createObjectURL(blob);
      setUrl(objectUrl);
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [load]);
  const rerecord = (): void => {
    if (window.confirm(m.preview.rerecordConfirm)) onRerecord();
  };
  return (
    <section className="step" data-step="preview">
      <StepHeading>{m.preview.title}</StepHeading>
      {notice && <Notice tone="warning">{notice}</Notice>}
      <div className="player">{url ? <video src={url} controls playsInline aria-label={m.preview.player} /> : <div className="player-placeholder" />}</div>
      <p className="muted">{m.preview.duration(clock(durationMs))}</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onAccept}>
          {m.preview.accept}
        </button>
        {canRerecord && (
          <button type="button" className="btn btn-secondary" onClick={rerecord}>
            {m.preview.rerecord}
          </button>
        )}
      </div>
    </section>
  );
}
