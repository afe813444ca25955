import type { Submission, Transcript } from '@showback/contract';
import type { ApiResource } from '../../../app/useApiResource.ts';
import { usePolledResource } from '../usePolledResource.ts';
import { useRecordingSource } from '../recordingSource.ts';

/** The submission's transcript, asked for again until it is done (ready, no speech or failed for good). */
export function useTranscript(submission: Submission): ApiResource<Transcript> {
  const source = useRecordingSource(submission.id);
  return usePolledResource(
    (signal) => source.transcript(signal),
    [submission.id],
    (transcript) => (transcript.status === 'pending' || transcript.status === 'processing') && submission.status !== 'failed',
  );
}
