import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tus from 'tus-js-client';
import type { CreatedSubmission, CreateSubmission } from '@showback/contract';

const run = promisify(execFile);

/** A small H.264/AAC MP4 made by ffmpeg: a test pattern with a moving counter and a tone. */
export async function makeMp4(dir: string, seconds = 6): Promise<string> {
  const file = path.join(dir, 'clip.mp4');
  await run('ffmpeg', [
    '-y', '-loglevel', 'error',
    '-f', 'lavfi', '-i', `testsrc=size=640x360:rate=15:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', '15',
    '-c:a', 'aac', '-shortest', '-movflags', '+faststart', file,
  ]);
  return file;
}

/** Uploads `file` over tus with the request's token, as the recorder does, and returns the upload id. */
export async function tusUpload(baseUrl: string, endpointPath: string, token: string, file: string): Promise<string> {
  const data = await fs.readFile(file);
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(data, {
      endpoint: new URL(endpointPath, baseUrl).toString(),
      metadata: { token, filetype: 'video/mp4', filename: path.basename(file) },
      chunkSize: 256 * 1024,
      retryDelays: [0, 500, 1000],
      onError: reject,
      onSuccess: () => {
        const id = upload.url?.split('/').pop();
        if (id) resolve(id);
        else reject(new Error(`tus upload finished without a URL (${upload.url})`));
      },
    });
    upload.start();
  });
}

/** A recipient's whole submission: upload the clip, then create the submission with who they are and where. */
export async function submitVideo(baseUrl: string, token: string, file: string, extra: Partial<CreateSubmission> = {}): Promise<CreatedSubmission> {
  const publicRes = await fetch(new URL(`/api/v1/public/requests/${token}`, baseUrl));
  if (!publicRes.ok) throw new Error(`public request answered ${publicRes.status}: ${await publicRes.text()}`);
  const { upload_endpoint } = (await publicRes.json()) as { upload_endpoint: string };
  const uploadId = await tusUpload(baseUrl, upload_endpoint, token, file);
  const body: CreateSubmission = {
    client_submission_id: crypto.randomUUID(),
    upload_id: uploadId,
    mime_type: 'video/mp4',
    duration_ms: 6000,
    source: 'link',
    ...extra,
  };
  const res = await fetch(new URL(`/api/v1/public/requests/${token}/submissions`, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`create submission answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as CreatedSubmission;
}

/** An H.264/AAC MP4 whose sound is `text` spoken by flite's "slt" voice from `atSeconds` on, silence around it. */
export async function makeSpeechMp4(dir: string, text: string, atSeconds: number, seconds: number): Promise<string> {
  const voice = path.join(dir, 'voice.wav');
  const file = path.join(dir, 'speech.mp4');
  await run('flite', ['-voice', 'slt', '-t', text, '-o', voice]);
  await run('ffmpeg', [
    '-y', '-loglevel', 'error',
    '-f', 'lavfi', '-i', `testsrc=size=640x360:rate=15:duration=${seconds}`, '-i', voice,
    '-filter_complex', `[1:a]adelay=${Math.round(atSeconds * 1000)}:all=1,apad[a]`, '-map', '0:v', '-map', '[a]', '-t', String(seconds),
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', '15', '-c:a', 'aac', '-movflags', '+faststart', file,
  ]);
  return file;
}
