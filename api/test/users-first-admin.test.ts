import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { body, signIn, uniqueEmail } from './support/auth.ts';
import { ensureSystemAdmin, firstAdminBox } from '../src/modules/users/first-admin.ts';

describe('first start: the system admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is created once with a one-time password that must be changed', async () => {
    const email = uniqueEmail('admin');
    const admin = await ensureSystemAdmin(t.app.ctx.db, email);
    expect(admin?.email).toBe(email);
    expect(admin!.password.length).toBeGreaterThanOrEqual(16);
    expect(await ensureSystemAdmin(t.app.ctx.db, uniqueEmail('second'))).toBeUndefined();
    expect(firstAdminBox(admin!, 'http://localhost:3000')).toContain(admin!.password);

    const session = await signIn(t, email, admin!.password);
    expect(session.user).toMatchObject({ email, is_sysadmin: true, role: 'owner', must_change_password: true, account: { onboarding_completed: true } });

    const changed = await fetch(`${t.url}/api/v1/users/me`, {
      method: 'PUT',
      headers: session.headers,
      body: JSON.stringify({ password: 'a new admin password', password_confirmation: 'a new admin password', current_password: admin!.password }),
    });
    expect(changed.status).toBe(200);
    expect(await body(changed)).toMatchObject({ must_change_password: false });
    await expect(signIn(t, email, admin!.password)).rejects.toThrow(/401/);
  });
});
