import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { may, type Permission, type Role } from '@showback/contract';
import { startStripeServer, type StripeServer } from '../../api/test/support/stripe-server.ts';
import { runSql, screenshot, uniqueEmail, waitForAppShell, waitForPath } from '../auth/session.ts';
import { useProduct, type SignedUp } from '../support/product.ts';

/** An action a screen offers: its control, found by role and accessible name. */
interface Offer {
  action: Permission;
  control: 'button' | 'link' | 'combobox';
  name: string | RegExp;
}

/**
 * The screens of issue 29 and the actions of contract's PERMISSIONS table each offers. The walk checks, for each role,
 * that a control is shown exactly when the table lets that role take its action, and that the table's reason is shown
 * instead otherwise. (api/test/permissions.test.ts walks the same table against the API.)
 */
const SCREENS: { path: string; offers: Offer[] }[] = [
  {
    path: '/my/widget',
    offers: [
      { action: 'widget.configure', control: 'button', name: 'Save origins' },
      { action: 'widget.configure', control: 'button', name: 'Save appearance' },
      { action: 'widget.configure', control: 'button', name: 'Rotate key' },
    ],
  },
  {
    path: '/my/account',
    offers: [
      { action: 'billing.manage', control: 'link', name: 'Change plan' },
      { action: 'account.edit', control: 'button', name: 'Save workspace' },
      { action: 'account.sharing', control: 'button', name: 'Save sharing settings' },
    ],
  },
  {
    path: '/upgrade',
    offers: ['Starter', 'Growth', 'Scale'].map((plan) => ({ action: 'billing.manage' as const, control: 'button' as const, name: `Choose ${plan}` })),
  },
  {
    path: '/my/integrations',
    offers: [
      { action: 'integrations.manage', control: 'button', name: /^(Connect Zapier|Retrieve or regenerate API key)$/ },
      { action: 'integrations.manage', control: 'button', name: 'Add endpoint' },
    ],
  },
  {
    path: '/my/team',
    offers: [
      { action: 'team.invite', control: 'button', name: 'Invite a colleague' },
      { action: 'team.manage_members', control: 'combobox', name: 'Role of Mia Member' },
      { action: 'team.manage_members', control: 'button', name: 'Remove Mia Member' },
      { action: 'team.transfer_ownership', control: 'button', name: 'Make owner' },
    ],
  },
];

describe('every screen offers a person only what their role may do', () => {
  let stripe: StripeServer;
  const product = useProduct({
    env: async () => {
      stripe = await startStripeServer();
      return { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url };
    },
  });
  const people = {} as Record<Role, SignedUp>;

  beforeAll(async () => {
    stripe.webhookUrl = `${product.server.url}/api/v1/stripe/webhook`;
    people.owner = await product.signedUp({ name: 'Olivia Owner' });
    people.admin = await product.signedUp({ name: 'Adam Admin' });
    people.member = await product.signedUp({ name: 'Mia Member' });
    // One account of three (Scale: seats for an invitation more); one statement, as it restarts an embedded database.
    await runSql(
      product.server,
      `with plan as (update accounts set plan = 'scale' where id = $1)
       update users set account_id = $1, role = case when id = $2 then 'admin' else 'member' end where id in ($2, $3)`,
      [people.owner.user.account.id, people.admin.user.id, people.member.user.id],
    );
  });
  afterAll(async () => {
    await stripe?.close();
  });

  async function open(page: Page, path: string): Promise<void> {
    await page.goto(path);
    await waitForAppShell(page);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  }

  /** Walks the table on every screen for `role`: offered exactly when allowed, the reason shown when not. */
  async function walk(role: Role): Promise<void> {
    const { page } = people[role];
    for (const screen of SCREENS) {
      await open(page, screen.path);
      for (const offer of screen.offers) {
        const control = page.getByRole(offer.control, { name: offer.name, exact: typeof offer.name === 'string' });
        if (may(role, offer.action)) {
          await control.first().waitFor();
        } else {
          await page.locator(`[data-refused="${offer.action}"]`).first().waitFor();
          expect(await control.count(), `${role} is offered ${String(offer.name)} on ${screen.path}`).toBe(0);
        }
      }
    }
  }

  it('a member: the widget page creates nothing and offers no set-up; no screen offers what the table refuses', async () => {
    const { page, context } = people.member;
    const requestsBefore = await (await context.request.get('/api/v1/requests')).text();
    await open(page, '/my/widget');
    await page.getByRole('heading', { name: 'The widget is not set up yet' }).waitFor();
    expect(await page.getByRole('button', { name: 'Set up the widget' }).count()).toBe(0);
    await screenshot(page, 'member-widget-not-set-up');
    expect(await (await context.request.get('/api/v1/widget')).json()).toMatchObject({ key: null, request_id: null });
    expect(await (await context.request.get('/api/v1/requests')).text()).toBe(requestsBefore);
  });

  it('the owner sets the widget up and every offered action works', async () => {
    const { page } = people.owner;
    await open(page, '/my/widget');
    await page.getByRole('button', { name: 'Set up the widget' }).click();
    await page.getByText('The widget is set up. Add the sites it may run on.').waitFor();
    await page.getByTestId('widget-origin').first().fill('https://app.example.com');
    await page.getByRole('button', { name: 'Save origins' }).click();
    await page.getByText('Allowed origins saved.').waitFor();
    await page.getByRole('button', { name: 'Save appearance' }).click();
    await page.getByText('Appearance saved. Copy the snippet again to use it.').waitFor();
    await page.getByRole('button', { name: 'Rotate key' }).click();
    await page.getByRole('dialog', { name: 'Rotate the widget key?' }).getByRole('button', { name: 'Rotate key' }).click();
    await page.getByText('New key created. Update the snippet on your site.').waitFor();

    await open(page, '/my/integrations');
    await page.getByRole('button', { name: 'Connect Zapier' }).click();
    const key = page.getByRole('dialog', { name: 'Your Zapier API key' });
    await key.getByRole('button', { name: 'Done' }).click();
    await page.locator('[data-integration="zapier"]').getByText('Connected').waitFor();

    await walk('owner');
    await inviteAndCheckout(page);
  });

  it('an admin: the same offers but ownership, and each works', async () => {
    const { page } = people.admin;
    await open(page, '/my/widget');
    await page.getByRole('button', { name: 'Rotate key' }).click();
    await page.getByRole('dialog', { name: 'Rotate the widget key?' }).getByRole('button', { name: 'Rotate key' }).click();
    await page.getByText('New key created. Update the snippet on your site.').waitFor();
    await walk('admin');
    await inviteAndCheckout(page);
  });

  it('a member: sees the set-up widget read-only, and the table’s reasons instead of its actions', async () => {
    const { page } = people.member;
    await walk('member');
    await open(page, '/my/widget');
    await page.getByTestId('widget-origins-read-only').getByText('https://app.example.com').waitFor();
    await page.getByTestId('widget-key').waitFor();
    await screenshot(page, 'member-widget');
    await open(page, '/my/account');
    await page.locator('[data-refused="billing.manage"]').waitFor();
    await screenshot(page, 'member-account');
  });

  /** Offered actions that leave the page: an invitation is sent, "Change plan" and "Choose Starter" reach Stripe. */
  async function inviteAndCheckout(page: Page): Promise<void> {
    await open(page, '/my/team');
    const email = uniqueEmail('invited');
    await page.getByRole('button', { name: 'Invite a colleague' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${email}.`).waitFor();

    await open(page, '/my/account');
    await page.getByRole('link', { name: 'Change plan' }).click();
    await waitForPath(page, '/upgrade');
    await page.getByRole('button', { name: 'Choose Starter' }).click();
    await page.waitForURL(`${stripe.url}/pay/**`);
  }
});
