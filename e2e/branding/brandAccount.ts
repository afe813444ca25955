import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForAppShell } from '../auth/session.ts';

export const ACME_LOGO = path.resolve(import.meta.dirname, 'acme-logo.png');

export interface Brand {
  name: string;
  /** '#rrggbb' */
  color: string;
  logo?: string;
}

const rgb = (hex: string): string => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

/** Sets logo, business name and colour on /my/account as an owner does, and waits until they are saved. */
export async function brandThroughAccountPage(page: Page, brand: Brand): Promise<void> {
  await page.goto('/my/account');
  await waitForAppShell(page);
  const form = page.getByRole('form', { name: 'Branding' });
  await form.waitFor();
  if (brand.logo) {
    await page.getByTestId('logo-file').setInputFiles(brand.logo);
    await page.getByRole('img', { name: 'Current logo' }).waitFor();
  }
  await form.getByLabel('Business name').fill(brand.name);
  await form.getByLabel('Brand colour', { exact: true }).fill(brand.color);
  await form.getByRole('button', { name: 'Save branding' }).click();
  await page.getByText('The branding has been saved.').waitFor();
}

/**
 * The recorder step on `page` carries the brand: the logo (loaded), the business name at the top, the brand colour on
 * the primary button when the step has one, and "Powered by Showback" unless `poweredBy` is false.
 */
export async function expectBranded(page: Page, brand: Brand, poweredBy = true): Promise<void> {
  const mark = page.getByTestId('brand');
  expect(await mark.innerText()).toContain(brand.name);
  if (brand.logo) {
    const loaded = await mark.locator('img').evaluate((img: HTMLImageElement) =>
      img.complete ? img.naturalWidth > 0 : new Promise<boolean>((resolve) => ((img.onload = () => resolve(true)), (img.onerror = () => resolve(false)))),
    );
    expect(loaded).toBe(true);
  }
  const primary = page.locator('main .btn-primary').first();
  if (await primary.count()) {
    // The pointer that clicked the last step's button may rest on this one: its hover shade is not the brand colour.
    await page.mouse.move(0, 0);
    expect(await primary.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(rgb(brand.color));
  }
  expect(await page.getByText('Powered by Showback').count()).toBe(poweredBy ? 1 : 0);
}
