import { useEffect, useRef, type ReactNode } from 'react';

/** Each step's heading takes focus when the step appears, so keyboard and screen-reader users land on it. */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus({ preventScroll: false }), []);
  return (
    <h1 ref={ref} tabIndex={-1} className="step-heading">
      {children}
    </h1>
  );
}
