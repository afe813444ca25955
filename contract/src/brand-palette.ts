import { colord, extend, type Colord } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import mixPlugin from 'colord/plugins/mix';

extend([a11yPlugin, mixPlugin]);

/** The product's own green: the recorder's colour when an account has not chosen one. */
export const DEFAULT_BRAND_COLOR = '#1f6b45';
/** The recorder's card, in light and dark colour schemes (recorder/src/app/styles.css). */
export const RECORDER_SURFACE = '#ffffff';
export const RECORDER_SURFACE_DARK = '#16201b';
/** WCAG 2 AA for normal text, the bar every colour pair the recorder draws text with must clear. */
export const TEXT_CONTRAST_MIN = 4.5;

/**
 * The colours the recorder and emails derive from one brand colour. No colour is refused: black or white text on
 * any colour clears 4.5:1 (the worse of the two is at least 4.58:1), and where the brand colour itself is too light
 * (or too dark) for text on the card, links and headings use the nearest shade that is readable (`accent`).
 */
export interface BrandPalette {
  /** '#rrggbb': button and accent background. */
  color: string;
  /** Text on `color`: black or white, whichever contrasts more. */
  on_color: string;
  on_color_contrast: number;
  /** `color` darkened (light scheme) or lightened (dark scheme) until text in it reads on the card. */
  accent: string;
  accent_dark: string;
  /** Hover background of buttons, and the tint of notices and finished steps. */
  hover: string;
  soft: string;
  /** Contrast of `color` itself against the light card: below TEXT_CONTRAST_MIN the accent is a shade of it. */
  surface_contrast: number;
}

const round = (n: number): number => Math.round(n * 100) / 100;

function readableOn(color: Colord, surface: string, towards: 'darken' | 'lighten'): string {
  let shade = color;
  // 5 % lightness a step reaches black or white in 20 steps, where the contrast is at its highest. Each step is
  // rounded to the '#rrggbb' it will be sent as, so the contrast checked is the one shown (colord floors it).
  for (let step = 0; step < 20 && shade.contrast(surface) < TEXT_CONTRAST_MIN; step += 1) shade = colord(shade[towards](0.05).toHex());
  return shade.toHex();
}

export function brandPalette(hex: string): BrandPalette {
  const color = colord(hex);
  const onWhite = color.contrast('#ffffff');
  const onBlack = color.contrast('#000000');
  return {
    color: color.toHex(),
    on_color: onWhite >= onBlack ? '#ffffff' : '#000000',
    on_color_contrast: round(Math.max(onWhite, onBlack)),
    accent: readableOn(color, RECORDER_SURFACE, 'darken'),
    accent_dark: readableOn(color, RECORDER_SURFACE_DARK, 'lighten'),
    hover: (color.isDark() ? color.lighten(0.08) : color.darken(0.08)).toHex(),
    soft: color.mix(RECORDER_SURFACE, 0.88).toHex(),
    surface_contrast: round(color.contrast(RECORDER_SURFACE)),
  };
}
