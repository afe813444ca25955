import fs from 'node:fs/promises';
import { extractAudioChunks } from '../api/src/transcription/audio-chunks.ts';
import { recognizeWithPocketsphinx } from '../api/src/transcription/pocketsphinx.ts';
import { groupWords } from '../api/src/transcription/segments.ts';
for (const file of process.argv.slice(2)) {
  const work = await fs.mkdtemp('/tmp/exp28/sg-');
  const chunks = await extractAudioChunks('ffmpeg', file, work, 300);
  const words = (await recognizeWithPocketsphinx({ binary: 'pocketsphinx_batch', modelDir: '/usr/share/pocketsphinx/model/en-us' }, chunks.filter((c) => !c.silent), work)).flat();
  for (const s of groupWords(words)) console.log(file.split('/').pop(), s.start_ms, s.confidence, s.unsure, s.text);
}
