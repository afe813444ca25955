import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What customers say into the recorder: short bug reports, the first one from issue 28's first probe. */
export const SENTENCES = [
  'please check the invoice page because the green payment button crashes every morning',
  'when I click the save button on the billing page nothing happens and I see an error that says payment failed',
  'the checkout page keeps loading and never shows my order',
  'I tried to upload a file but the progress bar stops at ninety percent',
  'after I sign in the dashboard is empty and my projects are gone',
  'the search box does not find any results even for names I know exist',
  'I changed my password and now the app says my session has expired',
  'clicking export opens a new tab that shows a blank page',
  'the invoice total is different from the price on the pricing page',
  'my team members cannot see the reports I shared with them yesterday',
  'the download button does not work when I use the mobile app',
  'every time I open the settings page the screen turns white',
  'I added a new user but the invitation email never arrived',
  'the chart on the home page shows the wrong month',
  'when I press delete the whole list disappears and then comes back',
  'the payment form says my card number is not valid but it is',
  'I cannot log in because the page keeps asking for my password again',
  'the calendar shows my meetings one hour too late',
  'after the update the app crashes as soon as I open a message',
  'the total in the shopping cart does not change when I remove an item',
  'the export to spreadsheet gives me an empty file',
  'I get an error message when I try to save my profile picture',
];

/** flite's two 16 kHz voices: slt (female) and rms (male). */
export type Voice = 'slt' | 'rms';

/** One recording's worth of the corpus: a voice, in a quiet room or with steady background noise. */
export interface Take {
  name: string;
  voice: Voice;
  noisy: boolean;
  sentences: string[];
}

/**
 * Speech to background noise of the noisy takes, in dB: a laptop's microphone at arm's length in an office with a
 * fan or air conditioning measures 20–30 dB; 25 dB is its middle. (The first version mixed brown noise at a fixed
 * volume, about 10 dB under the male voice: a harsher room than customers record in.)
 */
export const SNR_DB = 25;

/** Four takes (two voices × clean/noisy) sharing out the sentences, so every sentence is said once. */
export function takes(): Take[] {
  const conditions = [
    { voice: 'slt', noisy: false },
    { voice: 'rms', noisy: false },
    { voice: 'slt', noisy: true },
    { voice: 'rms', noisy: true },
  ] as const;
  return conditions.map((c, i) => ({
    name: `${c.voice}-${c.noisy ? 'noisy' : 'clean'}`,
    ...c,
    sentences: SENTENCES.filter((_, index) => index % conditions.length === i),
  }));
}

/** A file's RMS amplitude (0–1), as sox measures it. */
async function rmsOf(file: string): Promise<number> {
  const { stderr } = await run('sox', [file, '-n', 'stat']);
  return Number(/RMS\s+amplitude:\s+([\d.e-]+)/.exec(stderr)![1]);
}

/** `file` with brown noise from sox under it, SNR_DB below `speechRms` (a fan, a busy office). */
async function withNoise(dir: string, name: string, file: string, speechRms: number): Promise<string> {
  const seconds = (await run('soxi', ['-D', file])).stdout.trim();
  const noise = path.join(dir, `${name}-noise.wav`);
  const out = path.join(dir, `${name}-noisy.wav`);
  await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', noise, 'synth', seconds, 'brownnoise']);
  const volume = speechRms / (await rmsOf(noise)) / 10 ** (SNR_DB / 20);
  await run('sox', ['-m', '-v', '1', file, '-v', String(volume), noise, out]);
  return out;
}

/**
 * One sentence as a 16 kHz mono WAV in flite's voice: `clean`, and `heard` with the noisy takes' background under it
 * when `noisy` (the clean one otherwise).
 */
export async function sentenceWav(dir: string, name: string, text: string, voice: Voice, noisy: boolean): Promise<{ clean: string; heard: string }> {
  const clean = path.join(dir, `${name}-clean.wav`);
  await run('flite', ['-voice', voice, '-t', text, '-o', clean]);
  return { clean, heard: noisy ? await withNoise(dir, name, clean, await rmsOf(clean)) : clean };
}

/**
 * A take as the fake microphone plays it: `leadSeconds` of silence (the recorder opens the microphone a few seconds
 * before the recording starts, on its microphone step and countdown), the clean sentences 1.5 s apart, 2 s of
 * silence; for a noisy take the background runs under all of it, pauses included, as in a real room. 48 kHz mono
 * 16-bit, the format Chromium's --use-file-for-fake-audio-capture reads.
 */
export async function takeWav(dir: string, take: Take, cleanSentenceWavs: string[], leadSeconds: number): Promise<{ file: string; seconds: number }> {
  const silence = async (name: string, seconds: number): Promise<string> => {
    const file = path.join(dir, `${take.name}-${name}.wav`);
    await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', file, 'trim', '0', String(seconds)]);
    return file;
  };
  const lead = await silence('lead', leadSeconds);
  const gap = await silence('gap', 1.5);
  const tail = await silence('tail', 2);
  const parts = [lead, ...cleanSentenceWavs.flatMap((wav, i) => (i === 0 ? [wav] : [gap, wav])), tail];
  const joined = path.join(dir, `${take.name}-16k.wav`);
  await run('sox', [...parts, joined]);
  const speechRms = (await Promise.all(cleanSentenceWavs.map(rmsOf))).reduce((a, b) => a + b, 0) / cleanSentenceWavs.length;
  const played = take.noisy ? await withNoise(dir, take.name, joined, speechRms) : joined;
  const file = path.join(dir, `${take.name}-48k.wav`);
  await run('sox', [played, '-r', '48000', '-c', '1', '-b', '16', file]);
  const seconds = Number((await run('soxi', ['-D', file])).stdout.trim());
  return { file, seconds };
}

export const words = (text: string): string[] => text.toLowerCase().replace(/[^a-z' ]/g, ' ').split(/\s+/).filter(Boolean);

/** Word-level edit distance (substitutions, insertions, deletions). */
export function editDistance(reference: string[], hypothesis: string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[hypothesis.length]!;
}
