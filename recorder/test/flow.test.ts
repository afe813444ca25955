import { describe, expect, it } from 'vitest';
import { flow, initialFlow, type FlowEvent, type FlowState } from '../src/app/flow.ts';

const run = (events: FlowEvent[], from: FlowState = initialFlow): FlowState => events.reduce(flow, from);
const loaded = (patch: Partial<Extract<FlowEvent, { type: 'loaded' }>> = {}): FlowEvent => ({
  type: 'loaded',
  microphone: 'optional',
  askDetails: true,
  canRecord: true,
  pending: false,
  ...patch,
});

describe('recorder flow', () => {
  it('walks the whole happy path', () => {
    const steps: string[] = [];
    let s = initialFlow;
    for (const e of [loaded(), { type: 'start' }, { type: 'microphone-ready' }, { type: 'shared' }, { type: 'countdown-done' }, { type: 'stopped' }, { type: 'accept' }, { type: 'details-done' }, { type: 'submitted' }] as FlowEvent[]) {
      s = flow(s, e);
      steps.push(s.step);
    }
    expect(steps).toEqual(['instructions', 'microphone', 'share', 'countdown', 'recording', 'preview', 'details', 'submit', 'done']);
  });

  it('skips the microphone step when the request turns it off, and details when nothing is asked', () => {
    expect(run([loaded({ microphone: 'off', askDetails: false }), { type: 'start' }]).step).toBe('share');
    expect(run([loaded({ askDetails: false }), { type: 'start' }, { type: 'microphone-ready' }, { type: 'shared' }, { type: 'countdown-done' }, { type: 'stopped' }, { type: 'accept' }]).step).toBe('submit');
    expect(run([loaded({ microphone: 'off' }), { type: 'start' }, { type: 'back' }]).step).toBe('instructions');
  });

  it('re-recording goes back to sharing; a browser that cannot record cannot re-record', () => {
    const preview = run([loaded(), { type: 'start' }, { type: 'microphone-ready' }, { type: 'shared' }, { type: 'countdown-done' }, { type: 'stopped' }]);
    expect(flow(preview, { type: 'rerecord' }).step).toBe('share');
    expect(flow({ ...preview, canRecord: false }, { type: 'rerecord' }).step).toBe('preview');
  });

  it('a browser without screen capture lands on the file upload path and is never stuck', () => {
    const s = run([loaded({ canRecord: false })]);
    expect(s.step).toBe('unsupported');
    const file = flow(s, { type: 'use-file' });
    expect(file).toMatchObject({ step: 'file', mode: 'file' });
    expect(flow(file, { type: 'file-chosen' }).step).toBe('details');
    expect(flow(flow(file, { type: 'file-chosen' }), { type: 'back' }).step).toBe('file');
    expect(flow(file, { type: 'back' }).step).toBe('unsupported');
  });

  it('offers a pending recording before anything else, and discarding starts over', () => {
    const s = run([loaded({ pending: true })]);
    expect(s.step).toBe('resume');
    expect(flow(s, { type: 'resume' }).step).toBe('preview');
    expect(flow(s, { type: 'discard' }).step).toBe('instructions');
    expect(flow({ ...s, canRecord: false }, { type: 'discard' }).step).toBe('unsupported');
  });

  it('link errors and network errors end up on different pages; network errors can retry', () => {
    expect(run([{ type: 'load-failed', kind: 'link' }]).step).toBe('link-error');
    const down = run([{ type: 'load-failed', kind: 'network' }]);
    expect(down.step).toBe('load-failed');
    expect(flow(down, { type: 'retry-load' }).step).toBe('loading');
    expect(flow(run([{ type: 'load-failed', kind: 'link' }]), { type: 'retry-load' }).step).toBe('link-error');
  });

  it('ignores events that do not belong to the current step', () => {
    const s = run([loaded()]);
    for (const e of [{ type: 'stopped' }, { type: 'submitted' }, { type: 'accept' }, { type: 'countdown-done' }, { type: 'resume' }] as FlowEvent[]) {
      expect(flow(s, e)).toBe(s);
    }
  });

  it('cancelling the countdown returns to a fresh share step', () => {
    const countdown = run([loaded({ microphone: 'off' }), { type: 'start' }, { type: 'shared' }]);
    expect(run([{ type: 'stopped' }, { type: 'rerecord' }], countdown).step).toBe('share');
  });
});
