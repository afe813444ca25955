import fs from 'node:fs/promises';
import path from 'node:path';
import type { TranscriptWord } from '@showback/contract';
import { runTool } from '../media/run-tool.ts';
import type { AudioChunk } from './audio-chunks.ts';

/** pocketsphinx frames are 10 ms. */
const FRAME_MS = 10;
/** Sentence markers, silence, fillers and noise: not words anyone said. */
const NOT_A_WORD = /^(<s>|<\/s>|<sil>|\[[A-Z_]+\]|\+\+.*\+\+|\(NULL\))$/;

export interface PocketsphinxOptions {
  binary: string;
  /** Folder of Debian's pocketsphinx-en-us model (en-us/, en-us.lm.bin, cmudict-en-us.dict). */
  modelDir: string;
}

/**
 * One -hypseg line: `uttid S score T total A acoustic L language` then (start frame, acoustic, language, word)
 * quadruples and the last frame. A word ends where the next entry starts. Alternate pronunciations ("on(2)") are
 * the same word.
 */
export function parseHypseg(line: string): { utterance: string; words: TranscriptWord[] } {
  const tokens = line.trim().split(/\s+/);
  const utterance = tokens[0] ?? '';
  const entries: { frame: number; word: string }[] = [];
  for (let i = 9; i + 3 < tokens.length; i += 4) entries.push({ frame: Number(tokens[i]), word: tokens[i + 3] ?? '' });
  const lastFrame = Number(tokens.at(-1));
  const words: TranscriptWord[] = [];
  entries.forEach((entry, index) => {
    const word = entry.word.replace(/\(\d+\)$/, '');
    if (NOT_A_WORD.test(word)) return;
    const end = entries[index + 1]?.frame ?? lastFrame;
    words.push({ start_ms: entry.frame * FRAME_MS, end_ms: end * FRAME_MS, text: word });
  });
  return { utterance, words };
}

/**
 * Recognises every chunk with one pocketsphinx_batch run (one utterance per chunk, so memory stays that of one
 * chunk). -remove_silence no keeps silent frames in the count: with its default voice-activity detection the
 * frame numbers skip the silence and every time after a pause comes out early. Answers chunk-local word times.
 */
export async function recognizeWithPocketsphinx(options: PocketsphinxOptions, chunks: AudioChunk[], workDir: string): Promise<TranscriptWord[][]> {
  if (chunks.length === 0) return [];
  const dir = path.dirname(chunks[0]!.file);
  const ids = chunks.map((chunk) => path.basename(chunk.file, '.raw'));
  const control = path.join(workDir, 'chunks.ctl');
  const hypseg = path.join(workDir, 'words.hypseg');
  await fs.writeFile(control, ids.join('\n') + '\n');
  const audioSeconds = chunks.reduce((sum, chunk) => sum + chunk.durationMs, 0) / 1000;
  await runTool(options.binary, [
    '-adcin', 'yes', '-remove_silence', 'no',
    '-cepdir', dir, '-cepext', '.raw', '-ctl', control,
    '-hmm', path.join(options.modelDir, 'en-us'),
    '-lm', path.join(options.modelDir, 'en-us.lm.bin'),
    '-dict', path.join(options.modelDir, 'cmudict-en-us.dict'),
    '-hypseg', hypseg, '-logfn', '/dev/null',
  ], { timeoutMs: (60 + audioSeconds * 2) * 1000, priority: 10 });
  const byUtterance = new Map<string, TranscriptWord[]>();
  for (const line of (await fs.readFile(hypseg, 'utf8')).split('\n')) {
    if (!line.trim()) continue;
    const { utterance, words } = parseHypseg(line);
    byUtterance.set(utterance, words);
  }
  return ids.map((id) => byUtterance.get(id) ?? []);
}
