import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { may, PERMISSION_NAMES, PERMISSIONS, RECORD_PERMISSIONS, ROLES, type Permission, type Role } from '@showback/contract';
import { addTeammate, signUp, type SignedUp } from './support/auth.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Walks contract's PERMISSIONS table against the API: every action is checked by at least one route, and every such
 * route answers each role as the table says (403 with the table's refusal, or past the check). The dashboard's side
 * of the same table is walked by e2e/account/permissions.test.ts.
 */
describe('the permission table and the API agree', () => {
  let t: TestApp;
  const people = {} as Record<Role, SignedUp>;
  beforeAll(async () => {
    t = await startTestApp({ workers: false });
    people.owner = await signUp(t);
    people.admin = await addTeammate(t, people.owner, 'admin');
    people.member = await addTeammate(t, people.owner, 'member');
  });
  afterAll(() => t.close());

  const guarded = () => t.app.routeTable.filter((route) => route.config.permission !== undefined && route.method !== 'HEAD');

  it('every action of the table is checked by some route', () => {
    const checked = new Set(guarded().map((route) => route.config.permission));
    expect(PERMISSION_NAMES.filter((action) => !checked.has(action) && !RECORD_PERMISSIONS.includes(action))).toEqual([]);
  });

  it('for each role and each guarded route the answer is the table’s', async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    // A made-up id: a route past the check answers 404 or 422 rather than acting on something real.
    const concrete = (url: string) => url.replace(/:\w+/g, crypto.randomUUID());
    for (const route of guarded()) {
      const action = route.config.permission as Permission;
      // Refused roles first, so an allowed role's call (disconnecting, rotating) cannot change what they see.
      for (const role of [...ROLES].sort((a, b) => Number(may(a, action)) - Number(may(b, action)))) {
        const res = await fetch(`${t.url}${concrete(route.url)}`, { method: route.method, headers: people[role].headers, body: route.method === 'GET' ? undefined : '{}' });
        const json = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as { message?: string }) : (await res.body?.cancel(), {});
        const line = `${role} ${route.method} ${route.url}`;
        answers.push(`${line} → ${res.status === 403 ? `403 ${json.message}` : res.status === 401 ? '401' : 'past the check'}`);
        expected.push(`${line} → ${may(role, action) ? 'past the check' : `403 ${PERMISSIONS[action].refusal}`}`);
      }
    }
    expect(answers).toEqual(expected);
  });
});
