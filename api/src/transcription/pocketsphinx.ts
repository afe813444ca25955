import fs from 'node:fs/promises';
import path from 'node:path';
import type { TranscriptWord } from '@showback/contract';
import { runTool } from '../media/run-tool.ts';
import type { AudioChunk } from './audio-chunks.ts';

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
 * Recognises every chunk with one pocketsphinx_batch run (one utterance per chunk, so memory stays that of one
 * chunk), reading words from -ctm, the one output that carries each word's confidence. -remove_silence no keeps silent frames in the count: with its default voice-activity detection the
 * frame numbers skip the silence and every time after a pause comes out early. Answers chunk-local word times.
 */
export async function recognizeWithPocketsphinx(options: PocketsphinxOptions, chunks: AudioChunk[], workDir: string): Promise<TranscriptWord[][]> {
  if (chunks.length === 0) return [];
  const dir = path.dirname(chunks[0]!.file);
  const ids = chunks.map((chunk) => path.basename(chunk.file, '.raw'));
  const control = path.join(workDir, 'chunks.ctl');
  const ctm = path.join(workDir, 'words.ctm');
  await fs.writeFile(control, ids.join('\n') + '\n');
  const audioSeconds = chunks.reduce((sum, chunk) => sum + chunk.durationMs, 0) / 1000;
  // A generous limit: at nice 10 on a busy machine the recogniser gets little CPU, and a starved run is not a hung
  // one (60 s + 2 × the audio killed 5 s clips while other work kept both cores busy).
  await runTool(options.binary, [
    '-adcin', 'yes', '-remove_silence', 'no',
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
  // -ctm lines "may require post-sorting" (pocketsphinx's own help): order each utterance's words by time.
  for (const words of byUtterance.values()) words.sort((a, b) => a.start_ms - b.start_ms);
  return ids.map((id) => byUtterance.get(id) ?? []);
}
