import { describe, expect, it } from 'vitest';
import { waitForAppShell } from '../auth/session.ts';
import { seriousViolations } from '../support/accessibility.ts';
import { useProduct } from '../support/product.ts';

// /my/account's access tokens: made with a name, scope and lifetime, shown once, usable at once, revoked with a confirm.
describe('access tokens on the account page', () => {
  const product = useProduct();

  it('creates a token shown once that the API accepts, lists it, and revokes it', async () => {
    const { page } = await product.signedUp();
    await page.goto('/my/account');
    await waitForAppShell(page);
    const form = page.getByRole('form', { name: 'Create token' });
    await form.getByLabel('Name').fill('Claude Code on my laptop');
    await form.getByLabel('Access').selectOption('write');
    await form.getByLabel('Expires after').selectOption('7');
    await form.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByTestId('new-access-token');
    await shown.waitFor();
    const token = await shown.inputValue();
    expect(token).toMatch(/^shb_pat_/);
    const call = () => fetch(`${product.server.url}/api/v1/requests`, { headers: { authorization: `Bearer ${token}` } });
    expect((await call()).status).toBe(200);

    const item = page.getByRole('list', { name: 'Your access tokens' }).getByTestId('access-token').filter({ hasText: 'Claude Code on my laptop' });
    await item.waitFor();
    expect(await item.textContent()).toMatch(/Read and write/);
    // The owner also sees it among everyone's tokens in the workspace, with its person.
    const everyone = page.getByRole('list', { name: 'Everyone’s tokens in this workspace' }).getByTestId('access-token').filter({ hasText: 'Claude Code on my laptop' });
    await everyone.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await shown.waitFor({ state: 'detached' });

    await item.getByRole('button', { name: 'Revoke the token Claude Code on my laptop' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await item.waitFor({ state: 'detached' });
    await everyone.waitFor({ state: 'detached' });
    expect((await call()).status).toBe(401);
  });
});
