import type { ReactNode } from 'react';

export function Notice({ tone = 'info', children, live = false }: { tone?: 'info' | 'warning' | 'error'; children: ReactNode; live?: boolean }) {
  return (
    <div className={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : live ? 'status' : undefined}>
      {children}
    </div>
  );
}
