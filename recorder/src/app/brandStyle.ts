import type { CSSProperties } from 'react';
import type { PublicBranding } from '@showback/contract';

/**
 * The account's colours as the custom properties styles.css draws with; undefined keeps the product's green. The
 * server derived every pair to be readable (contract/src/brand-palette.ts), so nothing is computed here.
 */
export function brandStyle(branding: PublicBranding | undefined): CSSProperties | undefined {
  const palette = branding?.palette;
  if (!palette) return undefined;
  return {
    '--brand-50': palette.soft,
    '--brand-300': palette.color,
    '--brand-400': palette.color,
    '--brand-500': palette.color,
    '--brand-600': palette.hover,
    '--on-brand': palette.on_color,
    '--brand-text': palette.accent,
    '--brand-text-dark': palette.accent_dark,
  } as CSSProperties;
}
