import { en } from './en.ts';

/** One catalogue for the locale "current" and no fallback: the recorder reads its section directly. */
export const m = en.recorder;
