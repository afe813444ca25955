import { expect } from 'vitest';
import { body, type SignedUp } from './auth.ts';
import { recordThroughLink } from './fixtures/alerts.ts';
import { CAPTURED_PAGE_EVENTS } from './fixtures/recording.ts';
import type { TestApp } from './test-app.ts';

/**
 * An issue tracker's routes (Linear, GitHub) called as the dashboard calls them. `publicUrl` is the app's PUBLIC_URL:
 * the provider sends the browser back there, which the test app answers on its own port.
 */
export function trackerCalls<Status>(tracker: 'linear' | 'github', publicUrl: string) {
  const api = (t: TestApp, path: string): string => `${t.url}/api/v1/integrations/${tracker}${path}`;
  const issueUrl = (t: TestApp, submissionId: string): string => `${t.url}/api/v1/submissions/${submissionId}/${tracker}_issue`;
  return {
    api,
    issueUrl,
    status: async (t: TestApp, owner: SignedUp): Promise<Status> => body(await fetch(api(t, '/status'), { headers: owner.headers })),
    /** What a browser does: asks for the authorize URL, opens the provider's consent page, clicks `choice` there, follows the redirect back. */
    async connect(t: TestApp, owner: SignedUp, choice: string): Promise<Response> {
      const res = await fetch(api(t, '/authorize'), { method: 'POST', headers: owner.headers, body: '{}' });
      expect(res.status).toBe(200);
      const { authorize_url } = await body(res);
      const page = await (await fetch(authorize_url)).text();
      const back = new RegExp(`href="([^"]+)">${choice}<`).exec(page)![1]!.replace(/&amp;/g, '&').replace(publicUrl, t.url);
      return fetch(back, { headers: { cookie: owner.cookie }, redirect: 'manual' });
    },
    escalate: (t: TestApp, user: SignedUp, submissionId: string, payload: object = {}): Promise<Response> =>
      fetch(issueUrl(t, submissionId), { method: 'POST', headers: user.headers, body: JSON.stringify(payload) }),
  };
}

/** A recording sent with the events its page captured (the submit carries them, as the widget's does). */
export async function recordingWithProblems(t: TestApp, owner: SignedUp, title: string): Promise<string> {
  return (await recordThroughLink(t, owner, title, { events: CAPTURED_PAGE_EVENTS })).id;
}
