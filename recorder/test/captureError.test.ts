import { describe, expect, it } from 'vitest';
import { toCaptureError } from '../src/capture/captureError.ts';

const refusal = (message: string) => new DOMException(message, 'NotAllowedError');

describe('toCaptureError', () => {
  it('tells a frame refused by the embedding site\'s Permissions-Policy from a blocked or dismissed share', () => {
    expect(toCaptureError(refusal('Access to the feature "display-capture" is disallowed by permissions policy.')).failure).toBe('frame-policy');
    expect(toCaptureError(refusal('Permission denied by system')).failure).toBe('denied');
    expect(toCaptureError(refusal('Permission denied')).failure).toBe('dismissed');
    expect(toCaptureError(new DOMException('Could not start video source', 'NotReadableError')).failure).toBe('in-use');
  });
});
