/**
 * One stream for MediaRecorder: the shared surface's video plus one audio track. MediaRecorder records only the first
 * audio track, so when both the tab's sound and the microphone are present they are mixed with Web Audio.
 */
export function buildRecordingStream(display: MediaStream, microphone: MediaStream | undefined): { stream: MediaStream; release(): void } {
  const video = display.getVideoTracks();
  const displayAudio = display.getAudioTracks().filter((t) => t.readyState === 'live');
  const micAudio = microphone?.getAudioTracks().filter((t) => t.readyState === 'live') ?? [];
  if (displayAudio.length === 0 || micAudio.length === 0) {
    const audio = micAudio[0] ?? displayAudio[0];
    return { stream: new MediaStream(audio ? [...video, audio] : video), release: () => undefined };
  }
  const ctx = new AudioContext();
  const destination = ctx.createMediaStreamDestination();
  const sources = [new MediaStream(displayAudio), new MediaStream(micAudio)].map((s) => {
    const node = ctx.createMediaStreamSource(s);
    node.connect(destination);
    return node;
  });
  void ctx.resume().catch(() => undefined);
  return {
    stream: new MediaStream([...video, ...destination.stream.getAudioTracks()]),
    release: () => {
      sources.forEach((n) => n.disconnect());
      void ctx.close().catch(() => undefined);
    },
  };
}
