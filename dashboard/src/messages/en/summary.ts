import { defineSection } from '../t.ts';

export const summary = defineSection('summary', {
  title: 'Summary',
  pending: 'A summary follows the transcript.',
  digest: 'Automatic summary, without AI: the failures, the pages visited and the parts of the transcript the speech recogniser was sure of.',
  byModel: 'Written by a language model ({model}). Every reference was checked against the recording.',
  modelFailed: 'The language model could not be reached, so this is the automatic summary.',
  rebuilding: 'The transcript was corrected: this summary is being rewritten from it and updates here by itself.',
  nothingFailed: 'No console error or failing request was captured.',
  request: '{method} {path} → {status} at {time}',
  noResponse: 'no response',
  console: 'console {level} at {time}',
  seek: 'Play from {time}',
  steps: 'Steps to reproduce',
  stepsHint: 'From the customer’s clicks, field changes, pages and the failures, in the order they happened.',
  beforeRecording: 'before recording',
});
