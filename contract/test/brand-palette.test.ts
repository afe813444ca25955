import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_COLOR, RECORDER_SURFACE, RECORDER_SURFACE_DARK, TEXT_CONTRAST_MIN, brandPalette } from '../src/brand-palette.ts';

extend([a11yPlugin]);

const contrast = (a: string, b: string): number => colord(a).contrast(b);
const hex = (n: number): string => n.toString(16).padStart(2, '0');

// Every colour of a 16-step RGB grid (4,096 colours, from black to white through every hue and shade).
const GRID = Array.from({ length: 16 ** 3 }, (_, i) => `#${hex((i >> 8) * 17)}${hex(((i >> 4) & 15) * 17)}${hex((i & 15) * 17)}`);

describe('brandPalette', () => {
  it('gives every colour readable button text and readable accents on the light and the dark card', () => {
    for (const color of GRID) {
      const p = brandPalette(color);
      expect(contrast(p.on_color, p.color), `${color} button text`).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
      expect(contrast(p.accent, RECORDER_SURFACE), `${color} accent`).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
      expect(contrast(p.accent_dark, RECORDER_SURFACE_DARK), `${color} dark accent`).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
    }
  });

  it('keeps a colour that is already readable, and shades one that is not', () => {
    expect(brandPalette(DEFAULT_BRAND_COLOR)).toMatchObject({ color: DEFAULT_BRAND_COLOR, on_color: '#ffffff', accent: DEFAULT_BRAND_COLOR });
    const yellow = brandPalette('#FFD400');
    expect(yellow).toMatchObject({ color: '#ffd400', on_color: '#000000' });
    expect(yellow.surface_contrast).toBeLessThan(TEXT_CONTRAST_MIN);
    expect(yellow.accent).not.toBe('#ffd400');
    expect(colord(yellow.accent).hue()).toBeCloseTo(colord('#ffd400').hue(), -1);
  });
});
