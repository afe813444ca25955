/** Live loudness of an audio stream, 0…1, sampled on animation frames. Call the returned function to stop. */
export function watchLevel(stream: MediaStream, onLevel: (level: number) => void): () => void {
  const AudioCtx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioCtx || stream.getAudioTracks().length === 0) return () => undefined;
  const ctx = new AudioCtx();
  const source = ctx.createMediaStreamSource(stream);
  const analyser = ctx.createAnalyser();
  analyser.fftSize = 1024;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let frame = 0;
  const tick = (): void => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const s of samples) sum += s * s;
    const rms = Math.sqrt(sum / samples.length);
    // Speech sits around -30…-10 dBFS; map -60…0 dBFS onto the bar so quiet voices still move it.
    const db = 20 * Math.log10(rms || 1e-6);
    onLevel(Math.min(1, Math.max(0, (db + 60) / 60)));
    frame = requestAnimationFrame(tick);
  };
  void ctx.resume().catch(() => undefined);
  tick();
  return () => {
    cancelAnimationFrame(frame);
    source.disconnect();
    void ctx.close().catch(() => undefined);
  };
}
