/** Decorative line icons (24×24, currentColor); hidden from assistive technology because the text says it all. */
const PATHS = {
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  widget: 'M4 5h16v11H4zM8 20h8M12 16v4',
  record: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM3 12a9 9 0 1 0 18 0 9 9 0 0 0-18 0',
  review: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H4zM17 14h3v6h-3z',
  product: 'M12 2l9 5v10l-9 5-9-5V7zM12 12l9-5M12 12v10M12 12L3 7',
  saas: 'M3 7h18v12H3zM8 7V4h8v3',
  install: 'M12 3v12M7 10l5 5 5-5M5 21h14',
  logs: 'M4 6h16M4 12h10M4 18h13',
  clock: 'M12 7v5l3 2M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18',
  chat: 'M4 5h16v10H8l-4 4z',
  zap: 'M13 2L4 14h7l-1 8 9-12h-7z',
  mail: 'M3 6h18v12H3zM3 6l9 7 9-7',
  teams: 'M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20v-3a6 6 0 0 1 12 0v3M17 10a2.5 2.5 0 1 0 0-5M16 14a5 5 0 0 1 6 4v2',
  desk: 'M4 4h16v12H4zM4 20h16M9 9h6',
  check: 'M5 12l5 5 9-10',
  cross: 'M6 6l12 12M18 6L6 18',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
