import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordingIssues, RecordingLinearIssue, TicketIssue } from '@showback/contract';
import { addTeammate, body, signUp } from './support/auth.ts';
import { connectLinearWithTeam, linearEnv } from './support/fixtures/linear.ts';
import { startLinearServer, type LinearServer } from './support/linear-server.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { recordingWithProblems } from './support/tracker-calls.ts';

/** Escalation from a recording's page in its one shape, `/api/v1/submissions/{id}/issues` with `{ tracker }`. */
describe('one route shape for every tracker', () => {
  let t: TestApp;
  let linear: LinearServer;
  const issues = (id: string) => `${t.url}/api/v1/submissions/${id}/issues`;
  beforeAll(async () => {
    linear = await startLinearServer();
    t = await startTestApp({}, { ...linearEnv(linear), PUBLIC_URL: 'https://showback.example' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await linear?.close();
  });

  it('lists every tracker with the recording’s issue, creates it with { tracker }, and agrees with the older per-tracker path', async () => {
    const owner = await signUp(t);
    await connectLinearWithTeam(t, owner);
    const id = await recordingWithProblems(t, owner, 'Checkout spins forever');
    const before: RecordingIssues = await body(await fetch(issues(id), { headers: owner.headers }));
    expect(before.items).toEqual([
      { tracker: 'linear', label: 'Linear', can_create: true, issue: null },
      { tracker: 'github', label: 'GitHub', can_create: false, issue: null },
      { tracker: 'jira', label: 'Jira', can_create: false, issue: null },
    ]);

    const member = await addTeammate(t, owner);
    const res = await fetch(issues(id), { method: 'POST', headers: member.headers, body: JSON.stringify({ tracker: 'linear', title: 'Payment fails' }) });
    expect(res.status).toBe(200);
    const created: TicketIssue = await body(res);
    expect(created).toMatchObject({ tracker: 'linear', key: expect.stringMatching(/^ENG-\d+$/), title: 'Payment fails', state: 'Triage' });

    const after: RecordingIssues = await body(await fetch(issues(id), { headers: owner.headers }));
    expect(after.items[0]).toEqual({ tracker: 'linear', label: 'Linear', can_create: true, issue: created });
    const older: RecordingLinearIssue = await body(await fetch(`${t.url}/api/v1/submissions/${id}/linear_issue`, { headers: owner.headers }));
    expect(older.issue).toMatchObject({ identifier: created.key, title: created.title, url: created.url, escalations: 1 });
    // A second escalation through the older path updates the same issue.
    await fetch(`${t.url}/api/v1/submissions/${id}/linear_issue`, { method: 'POST', headers: owner.headers, body: '{}' });
    expect(linear.issues().filter((i) => i.id === older.issue!.id)).toHaveLength(1);
  });

  it('refuses a tracker that is not connected, an unknown one, and another account’s recording', async () => {
    const owner = await signUp(t);
    const id = await recordingWithProblems(t, owner, 'Not connected');
    const post = (payload: object, headers = owner.headers) => fetch(issues(id), { method: 'POST', headers, body: JSON.stringify(payload) });
    const unconnected = await post({ tracker: 'linear' });
    expect(unconnected.status).toBe(404);
    expect((await body(unconnected)).message).toMatch(/Linear/);
    expect((await post({ tracker: 'asana' })).status).toBe(422);
    const stranger = await signUp(t);
    expect((await fetch(issues(id), { headers: stranger.headers })).status).toBe(404);
    expect((await post({ tracker: 'linear' }, stranger.headers)).status).toBe(404);
  });
});
