import { useEffect, useState } from 'react';
import { playerClock } from '@showback/contract';
import { m } from '../messages/index.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Notice } from '../ui/Notice.tsx';
import { StepHeading } from '../ui/StepHeading.tsx';

interface Props {
  load(): Promise<Blob>;
  /** MediaRecorder handed over nothing: there is nothing to review or send. */
  empty: boolean;
  durationMs: number;
  notice?: string;
  canRerecord: boolean;
  onAccept(): void;
  onRerecord(): void;
  onUseFile(): void;
  onRecordInTab(): void;
}

export function PreviewStep({ load, empty, durationMs, notice, canRerecord, onAccept, onRerecord, onUseFile, onRecordInTab }: Props) {
  const [url, setUrl] = useState<string>();
  const [tabOpened, setTabOpened] = useState(false);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (empty) return;
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
  }, [load, empty]);
  if (empty) {
    return (
      <section className="step" data-step="preview">
        <StepHeading>{m.preview.empty.title}</StepHeading>
        <Notice tone="error" live>
          {m.preview.empty.body}
        </Notice>
        {tabOpened && <Notice live>{m.unsupported.tabOpened}</Notice>}
        <div className="actions">
          {canRerecord && (
            <button type="button" className="btn btn-primary" onClick={onRerecord}>
              {m.preview.empty.retry}
            </button>
          )}
          {canRerecord && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                onRecordInTab();
                setTabOpened(true);
              }}
            >
              {m.unsupported.recordInTab}
            </button>
          )}
          <button type="button" className="btn btn-secondary" onClick={onUseFile}>
            {m.unsupported.uploadInstead}
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="step" data-step="preview">
      <StepHeading>{m.preview.title}</StepHeading>
      {notice && <Notice tone="warning">{notice}</Notice>}
      <div className="player">{url ? <video src={url} controls playsInline aria-label={m.preview.player} /> : <div className="player-placeholder" />}</div>
      <p className="muted">{m.preview.duration(playerClock(durationMs))}</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onAccept}>
          {m.preview.accept}
        </button>
        {canRerecord && (
          <button type="button" className="btn btn-secondary" onClick={() => setAsking(true)}>
            {m.preview.rerecord}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title={m.preview.rerecordConfirm}
        text={m.preview.rerecordText}
        confirmLabel={m.preview.rerecord}
        cancelLabel={m.preview.keep}
        onConfirm={() => {
          setAsking(false);
          onRerecord();
        }}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
