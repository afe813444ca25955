import { useState } from 'react';
import { CaptureError, type CaptureFailure } from '../capture/captureError.ts';
import { stopStream } from '../capture/displayCapture.ts';
import { captureMicrophone } from '../capture/microphone.ts';

export interface Microphone {
  stream: MediaStream | undefined;
  busy: boolean;
  error: CaptureFailure | undefined;
  enable(): Promise<void>;
  disable(): void;
  /**
   * The voice for a recording about to start: the stream from the microphone step, asked for again if it ended
   * since (a re-record; no prompt the second time); undefined when the customer chose no sound.
   */
  forRecording(): Promise<MediaStream | undefined>;
  /** The recording stopped and took the stream with it. */
  released(): void;
}

/** The microphone step's state: the stream, its level meter's source, and whether the customer wants their voice. */
export function useMicrophone(): Microphone {
  const [stream, setStream] = useState<MediaStream>();
  // The recipient chose to record their voice; a re-record asks for the microphone again.
  const [wanted, setWanted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CaptureFailure>();
  return {
    stream,
    busy,
    error,
    async enable() {
      setBusy(true);
      setError(undefined);
      try {
        setStream(await captureMicrophone());
        setWanted(true);
      } catch (err) {
        setError(err instanceof CaptureError ? err.failure : 'unknown');
      } finally {
        setBusy(false);
      }
    },
    disable() {
      stopStream(stream);
      setStream(undefined);
      setWanted(false);
    },
    async forRecording() {
      if (!wanted || stream?.getAudioTracks().some((t) => t.readyState === 'live')) return stream;
      const voice = await captureMicrophone();
      setStream(voice);
      return voice;
    },
    released: () => setStream(undefined),
  };
}
