import { expect } from 'vitest';
import { mediaFile } from '../../api/test/support/fixtures/media.ts';
import { CAPTURED_PAGE_EVENTS, submit, submitBody, tusUpload } from '../../api/test/support/fixtures/recording.ts';
import { completeOnboarding, createRequest, signUpOwner, waitForProcessed } from '../recording/owner.ts';

/**
 * An owner with a customer's ready recording of "Checkout spins forever", sent through a link with what their page
 * captured (a console error, a failed request). Uploaded over the API: the escalation is what the scenarios test.
 */
export async function ownerWithReadyRecording(serverUrl: string, company: string) {
  const owner = await signUpOwner(serverUrl, company);
  await completeOnboarding(owner);
  const request = await createRequest(owner, { title: 'Checkout spins forever' });
  const uploadId = await tusUpload(serverUrl, await mediaFile('h264-opus-fmp4', 2), { token: request.token });
  const res = await submit(serverUrl, request.token, submitBody(uploadId, { events: CAPTURED_PAGE_EVENTS }));
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await waitForProcessed(owner, id);
  return { owner, id };
}
