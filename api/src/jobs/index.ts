import type { JobDefinition } from './job.ts';
import { expireUploadsJob } from './expire-uploads.job.ts';
import { finishSubmissionJob, processSubmissionJob } from './process-submission.job.ts';
import { retentionJob } from './retention.job.ts';
import { summarizeSubmissionJob } from './summarize-submission.job.ts';
import { transcribeSubmissionJob } from './transcribe-submission.job.ts';
import { trialNoticesJob } from './trial-notices.job.ts';
import { chatAwayEmailJob } from './chat-away-email.job.ts';
import { sweepExpiredJob } from './sweep-expired.job.ts';

/** The core's background jobs; wiring.ts adds the integrations' to them for the queue. Add one line per job. */
export const jobs: JobDefinition[] = [processSubmissionJob as unknown as JobDefinition, finishSubmissionJob as unknown as JobDefinition, retentionJob as unknown as JobDefinition, trialNoticesJob as unknown as JobDefinition, expireUploadsJob as unknown as JobDefinition, transcribeSubmissionJob as unknown as JobDefinition, summarizeSubmissionJob as unknown as JobDefinition, chatAwayEmailJob as unknown as JobDefinition, sweepExpiredJob as unknown as JobDefinition];
