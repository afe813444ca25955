export function ProgressBar({ value, label }: { value: number | undefined; label: string }) {
  const percent = value === undefined ? undefined : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className={`progress-fill${percent === undefined ? ' indeterminate' : ''}`} style={percent === undefined ? undefined : { width: `${percent}%` }} />
    </div>
  );
}
