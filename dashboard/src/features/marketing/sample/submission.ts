// Written by dashboard/scripts/recordMedia.ts together with public/media/sample.mp4; do not edit by hand.
export const SAMPLE_SUBMISSION = {
  width: 640,
  height: 360,
  duration: 0,
  environment: { browser: '', os: '', screen: '' },
  events: [] as { at: number; kind: 'console' | 'network'; level?: string; text: string; status?: number }[],
};
