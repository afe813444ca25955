import { useEffect } from 'react';
import type { Submission } from '@showback/contract';
import { useApiResource, type ApiResource } from '../useApiResource.ts';
import { getTranscript } from './transcriptApi.ts';
import type { Transcript } from '@showback/contract';

/** How often the page asks again while the transcript is on its way. */
const TRANSCRIPT_POLL_MS = 4000;

/** The submission's transcript, asked for again until it is done (ready, no speech or failed for good). */
export function useTranscript(submission: Submission): ApiResource<Transcript> {
  const resource = useApiResource((signal) => getTranscript(submission.id, signal), [submission.id]);
  const { data, loading, reload } = resource;
  const waiting = data?.status === 'pending' || data?.status === 'processing';
  useEffect(() => {
    if (!waiting || loading || submission.status === 'failed') return;
    const timer = setTimeout(reload, TRANSCRIPT_POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, loading, reload, submission.status]);
  return resource;
}
