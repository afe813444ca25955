import type { Page } from 'playwright-core';
import { LINEAR_WORKSPACE } from '../../api/test/support/linear-server.ts';

/** On /my/integrations: Connect Linear, Allow on Linear's consent page, pick the Engineering team. */
export async function connectLinearOnCard(page: Page): Promise<void> {
  const card = page.locator('[data-integration="linear"]');
  await card.getByRole('button', { name: 'Connect Linear' }).click();
  await page.getByText(`access your ${LINEAR_WORKSPACE.name} workspace`).waitFor({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Allow' }).click();
  await card.getByText(`Connected to ${LINEAR_WORKSPACE.name}`).waitFor({ timeout: 30_000 });
  await card.getByLabel('Team for new issues').selectOption({ label: 'Engineering (ENG)' });
  await page.getByText('Team saved.').waitFor({ timeout: 30_000 });
}
