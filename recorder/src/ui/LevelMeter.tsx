import { useEffect, useState } from 'react';
import { watchLevel } from '../capture/levelMeter.ts';

export function LevelMeter({ stream, label }: { stream: MediaStream | undefined; label: string }) {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream) return;
    let last = 0;
    // Re-rendering 60 times a second is wasted work; 10 updates a second look smooth enough for a meter.
    return watchLevel(stream, (l) => {
      const now = performance.now();
      if (now - last > 100) {
        last = now;
        setLevel(l);
      }
    });
  }, [stream]);
  const percent = Math.round(level * 100);
  // Labelled in sight, not only for screen readers: under the recording clock a bare bar reads as progress.
  return (
    <div className="meter-row">
      <span className="small muted" aria-hidden="true">
        {label}
      </span>
      <div className="meter" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="meter-fill" style={{ transform: `scaleX(${level})` }} />
      </div>
    </div>
  );
}
