import type { MicrophoneMode } from '@showback/contract';

/** The recorder's screens in the order a recipient meets them. */
export type Step =
  | 'loading'
  | 'link-error'
  | 'load-failed'
  | 'unsupported'
  | 'resume'
  | 'instructions'
  | 'microphone'
  | 'share'
  | 'countdown'
  | 'recording'
  | 'preview'
  | 'file'
  | 'details'
  | 'submit'
  | 'done';

export interface FlowState {
  step: Step;
  microphone: MicrophoneMode;
  /** The request asks for at least one of name, email, note. */
  askDetails: boolean;
  /** This browser can capture the screen; otherwise only the file upload path is open. */
  canRecord: boolean;
  mode: 'record' | 'file';
}

export type FlowEvent =
  | { type: 'loaded'; microphone: MicrophoneMode; askDetails: boolean; canRecord: boolean; pending: boolean }
  | { type: 'load-failed'; kind: 'link' | 'network' }
  | { type: 'retry-load' }
  | { type: 'resume' }
  | { type: 'discard' }
  | { type: 'start' }
  | { type: 'microphone-ready' }
  | { type: 'shared' }
  | { type: 'countdown-done' }
  | { type: 'stopped' }
  | { type: 'rerecord' }
  | { type: 'use-file' }
  | { type: 'file-chosen' }
  | { type: 'accept' }
  | { type: 'details-done' }
  | { type: 'submitted' }
  | { type: 'back' };

export const initialFlow: FlowState = { step: 'loading', microphone: 'off', askDetails: false, canRecord: false, mode: 'record' };

const afterInstructions = (s: FlowState): Step => (s.microphone === 'off' ? 'share' : 'microphone');
const afterRecording = (s: FlowState): Step => (s.askDetails ? 'details' : 'submit');
const firstStep = (s: FlowState): Step => (s.canRecord ? 'instructions' : 'unsupported');

/** Pure transition table: an event that does not apply to the current step leaves the state as it is. */
export function flow(state: FlowState, event: FlowEvent): FlowState {
  const to = (step: Step, patch: Partial<FlowState> = {}): FlowState => ({ ...state, ...patch, step });
  switch (event.type) {
    case 'loaded': {
      if (state.step !== 'loading') return state;
      const next = { ...state, microphone: event.microphone, askDetails: event.askDetails, canRecord: event.canRecord };
      return { ...next, step: event.pending ? 'resume' : firstStep(next) };
    }
    case 'load-failed':
      return state.step === 'loading' ? to(event.kind === 'link' ? 'link-error' : 'load-failed') : state;
    case 'retry-load':
      return state.step === 'load-failed' ? to('loading') : state;
    case 'resume':
      return state.step === 'resume' ? to('preview', { mode: 'record' }) : state;
    case 'discard':
      return state.step === 'resume' ? to(firstStep(state)) : state;
    case 'start':
      return state.step === 'instructions' ? to(afterInstructions(state), { mode: 'record' }) : state;
    case 'microphone-ready':
      return state.step === 'microphone' ? to('share') : state;
    case 'shared':
      return state.step === 'share' ? to('countdown') : state;
    case 'countdown-done':
      return state.step === 'countdown' ? to('recording') : state;
    case 'stopped':
      return state.step === 'recording' || state.step === 'countdown' ? to('preview') : state;
    case 'rerecord':
      return state.step === 'preview' && state.canRecord ? to('share') : state;
    case 'use-file':
      return ['unsupported', 'instructions', 'share', 'preview'].includes(state.step) ? to('file', { mode: 'file' }) : state;
    case 'file-chosen':
      return state.step === 'file' ? to(afterRecording(state)) : state;
    case 'accept':
      return state.step === 'preview' ? to(afterRecording(state)) : state;
    case 'details-done':
      return state.step === 'details' ? to('submit') : state;
    case 'submitted':
      return state.step === 'submit' ? to('done') : state;
    case 'back':
      switch (state.step) {
        case 'microphone':
          return to('instructions');
        case 'share':
          return to(state.microphone === 'off' ? 'instructions' : 'microphone');
        case 'file':
          return to(firstStep(state), { mode: 'record' });
        case 'details':
          return to(state.mode === 'file' ? 'file' : 'preview');
        default:
          return state;
      }
  }
}
