import type { Page } from 'playwright-core';
import { LINEAR_CLIENT, LINEAR_WORKSPACE, type LinearServer } from '../../api/test/support/linear-server.ts';

/** What the product needs to speak to a local Linear: its OAuth app and where Linear is. */
export const linearEnv = (linear: LinearServer): Record<string, string> => ({
  LINEAR_CLIENT_ID: LINEAR_CLIENT.id,
  LINEAR_CLIENT_SECRET: LINEAR_CLIENT.secret,
  LINEAR_WEBHOOK_SECRET: LINEAR_CLIENT.webhookSecret,
  LINEAR_AUTHORIZE_URL: linear.authorizeUrl,
  LINEAR_API_URL: linear.apiUrl,
});

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
