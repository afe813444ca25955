import { describe, expect, it } from 'vitest';
import { pickFormat } from '../src/capture/recordingFormat.ts';

// What each engine's MediaRecorder.isTypeSupported answers (measured: Chromium 156, Firefox ESR 153; Safari from
// WebKit's MediaRecorderPrivate, which records MP4 with H.264/AAC only).
const chromium = (t: string) => /^video\/(mp4;codecs=avc1(,opus)?|webm(;codecs=(vp9|vp8)(,opus)?)?|mp4)$/.test(t);
const firefox = (t: string) => /^video\/webm(;codecs=vp8(,opus)?)?$/.test(t);
const safari = (t: string) => /^video\/mp4(;codecs=avc1(,mp4a\.40\.2)?)?$/.test(t);

describe('pickFormat', () => {
  it('asks each engine for codecs matching the tracks in the stream', () => {
    expect(pickFormat(chromium, true)?.mimeType).toBe('video/mp4;codecs=avc1,opus');
    expect(pickFormat(chromium, false)?.mimeType).toBe('video/mp4;codecs=avc1');
    expect(pickFormat(firefox, true)?.mimeType).toBe('video/webm;codecs=vp8,opus');
    // The hang: "vp8,opus" on a stream without audio makes Firefox's MediaRecorder silent for ever.
    expect(pickFormat(firefox, false)?.mimeType).toBe('video/webm;codecs=vp8');
    expect(pickFormat(safari, true)?.mimeType).toBe('video/mp4;codecs=avc1,mp4a.40.2');
    expect(pickFormat(safari, false)?.mimeType).toBe('video/mp4;codecs=avc1');
  });

  it('never names an audio codec for a silent stream', () => {
    expect(pickFormat(() => true, false)?.mimeType).not.toMatch(/opus|mp4a/);
  });

  it('gives nothing where MediaRecorder takes nothing, and survives an isTypeSupported that throws', () => {
    expect(pickFormat(() => false, true)).toBeUndefined();
    expect(
      pickFormat(() => {
        throw new Error('not implemented');
      }, false),
    ).toBeUndefined();
  });
});
