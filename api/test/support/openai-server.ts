import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

export interface ReceivedCall {
  method: string;
  path: string;
  authorization: string | undefined;
  /** Multipart fields (transcriptions) or the JSON body (chat completions). */
  fields: Record<string, unknown>;
  file?: { name: string; type: string; bytes: Buffer };
}

export interface OpenAiServer {
  /** Base URL with /v1, as TRANSCRIPTION_API_URL / SUMMARY_API_URL take it. */
  url: string;
  calls: ReceivedCall[];
  /** The next `count` calls answer this error (OpenAI's error body) instead. */
  failNext(status: number, count: number, headers?: Record<string, string>): void;
  /** Calls get no answer at all until reset. */
  hang(on: boolean): void;
  /** What chat completions answer (the assistant message's content). */
  chatReply: string;
  close(): Promise<void>;
}

interface Word {
  word: string;
  start: number;
  end: number;
}

/** The uploaded WAV through pocketsphinx_batch: the words a real recogniser hears, in seconds. */
async function recognise(wav: Buffer): Promise<Word[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'openai-server-'));
  try {
    await fs.writeFile(path.join(dir, 'upload.wav'), wav);
    await fs.writeFile(path.join(dir, 'ctl'), 'upload\n');
    await run('pocketsphinx_batch', [
      '-adcin', 'yes', '-adchdr', '44', '-remove_silence', 'no', '-cepdir', dir, '-cepext', '.wav', '-ctl', path.join(dir, 'ctl'),
      '-hmm', `${MODEL_DIR}/en-us`, '-lm', `${MODEL_DIR}/en-us.lm.bin`, '-dict', `${MODEL_DIR}/cmudict-en-us.dict`,
      '-hypseg', path.join(dir, 'seg'), '-logfn', '/dev/null',
    ]);
    const tokens = (await fs.readFile(path.join(dir, 'seg'), 'utf8')).trim().split(/\s+/).slice(9);
    const words: Word[] = [];
    for (let i = 0; i + 3 < tokens.length; i += 4) {
      const word = tokens[i + 3]!.replace(/\(\d+\)$/, '');
      if (/^(<.*>|\[.*\])$/.test(word)) continue;
      words.push({ word, start: Number(tokens[i]) / 100, end: Number(tokens[i + 4]) / 100 });
    }
    return words;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * A local server speaking OpenAI's REST protocol for the two calls the product makes: multipart
 * POST /v1/audio/transcriptions answered in verbose_json from real pocketsphinx output (one Whisper-style segment with
 * capitalised, punctuated text), and POST /v1/chat/completions answered with `chatReply`. Errors use OpenAI's body.
 */
export async function startOpenAiServer(apiKey = 'sk-test'): Promise<OpenAiServer> {
  const calls: ReceivedCall[] = [];
  const failures: { status: number; headers: Record<string, string> }[] = [];
  let hanging = false;
  const state = { chatReply: 'ok' };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks);
        const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
          res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
        };
        const call: ReceivedCall = { method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization, fields: {} };
        if (req.url === '/v1/audio/transcriptions') {
          const form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
          for (const [key, value] of form.entries()) {
            if (typeof value === 'string') call.fields[key] = key.endsWith('[]') ? form.getAll(key) : value;
            else call.file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
          }
        } else if (raw.length > 0) {
          call.fields = JSON.parse(raw.toString()) as Record<string, unknown>;
        }
        calls.push(call);
        if (hanging) return;
        if (req.headers.authorization !== `Bearer ${apiKey}`) {
          return send(401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
        }
        const failure = failures.shift();
        if (failure) {
          const type = failure.status === 429 ? 'rate_limit_exceeded' : 'server_error';
          return send(failure.status, { error: { message: `Simulated ${failure.status}`, type, code: type } }, failure.headers);
        }
        if (req.url === '/v1/audio/transcriptions') {
          if (!call.file) return send(400, { error: { message: 'file is required', type: 'invalid_request_error', code: null } });
          const words = await recognise(call.file.bytes);
          const text = words.map((w) => w.word).join(' ');
          const sentence = text ? `${text[0]!.toUpperCase()}${text.slice(1)}.` : '';
          const duration = (call.file.bytes.length - 44) / 32000;
          const segments = words.length
            ? [{ id: 0, seek: 0, start: words[0]!.start, end: words.at(-1)!.end, text: ` ${sentence}`, tokens: [], temperature: 0, avg_logprob: -0.2, compression_ratio: 1.1, no_speech_prob: 0.01 }]
            : [];
          return send(200, { task: 'transcribe', language: 'english', duration, text: sentence, words, segments });
        }
        if (req.url === '/v1/chat/completions') {
          return send(200, {
            id: `chatcmpl-${calls.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: call.fields.model,
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: state.chatReply, refusal: null } }],
            usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
          });
        }
        send(404, { error: { message: `Unknown path ${req.url}`, type: 'invalid_request_error', code: null } });
      })().catch((error: unknown) => res.writeHead(500).end(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    failNext: (status, count, headers = {}) => {
      for (let i = 0; i < count; i++) failures.push({ status, headers });
    },
    hang: (on) => {
      hanging = on;
    },
    get chatReply() {
      return state.chatReply;
    },
    set chatReply(value: string) {
      state.chatReply = value;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
