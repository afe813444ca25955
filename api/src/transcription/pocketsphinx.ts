import fs from 'node:fs/promises';
import path from 'node:path';
import type { TranscriptWord } from '@showback/contract';
import { runTool } from '../media/run-tool.ts';
import type { AudioChunk } from './audio-chunks.ts';
import { speechSpans, type Span } from './speech-spans.ts';

/** Sentence markers, silence, fillers and noise: not words anyone said. */
const NOT_A_WORD = /^(<s>|<\/s>|<sil>|\[[A-Z_]+\]|\+\+.*\+\+|\(NULL\))$/;

export interface PocketsphinxOptions {
  binary: string;
  /** Folder of Debian's pocketsphinx-en-us model (en-us/, en-us.lm.bin, cmudict-en-us.dict). */
  modelDir: string;
}

/**
 * One -ctm line: `uttid channel start duration word confidence`, times in seconds from the utterance's start and
 * the word's posterior probability (0–1). Alternate pronunciations ("on(2)") are the same word. Undefined for
 * markers, silence and fillers.
 */
export function parseCtmLine(line: string): { utterance: string; word: TranscriptWord } | undefined {
  const [utterance, , start, duration, text, confidence] = line.trim().split(/\s+/);
  if (!utterance || !text) return undefined;
  const word = text.replace(/\(\d+\)$/, '');
  if (NOT_A_WORD.test(word)) return undefined;
  const startMs = Math.round(Number(start) * 1000);
  return {
    utterance,
    word: {
      start_ms: startMs,
      end_ms: startMs + Math.round(Number(duration) * 1000),
      text: word,
      confidence: Math.min(1, Math.max(0, Number(confidence))),
    },
  };
}

/**
 * Recognises every chunk with one pocketsphinx_batch run (the model loads once), each chunk cut into utterances where
 * someone speaks (speech-spans.ts; the control file names each span's frames), reading words from -ctm, the one
 * output that carries each word's confidence. -remove_silence no: the spans already leave the silence out, and its
 * own voice-activity detection would skip frames inside an utterance and shift every later time. -remove_noise no:
 * its spectral subtraction tracks the noise floor from the signal itself, so a shift of a few samples or a codec's
 * rounding changed which words came out (the same four takes swung between 11.7 and 15.8 % word error rate); without
 * it they stay within 13.2–15.0 % at about the same mean, and the recorder already asks the browser to suppress noise.
 * Answers chunk-local word times.
 */
export async function recognizeWithPocketsphinx(options: PocketsphinxOptions, chunks: AudioChunk[], workDir: string): Promise<TranscriptWord[][]> {
  if (chunks.length === 0) return [];
  const dir = path.dirname(chunks[0]!.file);
  const utterances: { chunk: number; id: string; span: Span }[] = [];
  for (const [chunk, { file }] of chunks.entries()) {
    const name = path.basename(file, '.raw');
    for (const [k, span] of speechSpans(await fs.readFile(file)).entries()) utterances.push({ chunk, id: `${name}-u${k}`, span });
  }
  const perChunk: TranscriptWord[][] = chunks.map(() => []);
  if (utterances.length === 0) return perChunk;
  const control = path.join(workDir, 'chunks.ctl');
  const ctm = path.join(workDir, 'words.ctm');
  await fs.writeFile(control, utterances.map(({ chunk, id, span }) => `${path.basename(chunks[chunk]!.file, '.raw')} ${span.start} ${span.end - 1} ${id}`).join('\n') + '\n');
  const audioSeconds = chunks.reduce((sum, chunk) => sum + chunk.durationMs, 0) / 1000;
  // A generous limit: at nice 10 on a busy machine the recogniser gets little CPU, and a starved run is not a hung
  // one (60 s + 2 × the audio killed 5 s clips while other work kept both cores busy).
  await runTool(options.binary, [
    '-adcin', 'yes', '-remove_silence', 'no', '-remove_noise', 'no',
    '-cepdir', dir, '-cepext', '.raw', '-ctl', control,
    '-hmm', path.join(options.modelDir, 'en-us'),
    '-lm', path.join(options.modelDir, 'en-us.lm.bin'),
    '-dict', path.join(options.modelDir, 'cmudict-en-us.dict'),
    '-ctm', ctm, '-logfn', '/dev/null',
  ], { timeoutMs: (120 + audioSeconds * 10) * 1000, priority: 10 });
  const byUtterance = new Map<string, TranscriptWord[]>();
  for (const line of (await fs.readFile(ctm, 'utf8')).split('\n')) {
    const parsed = parseCtmLine(line);
    if (parsed) byUtterance.set(parsed.utterance, [...(byUtterance.get(parsed.utterance) ?? []), parsed.word]);
  }
  for (const { chunk, id, span } of utterances) {
    // -ctm times count from the utterance's first frame, and its lines "may require post-sorting" (its own help).
    const shift = span.start * 10;
    const words = (byUtterance.get(id) ?? []).map((w) => ({ ...w, start_ms: w.start_ms + shift, end_ms: w.end_ms + shift }));
    perChunk[chunk]!.push(...words.sort((a, b) => a.start_ms - b.start_ms));
  }
  return perChunk;
}
