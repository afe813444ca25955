import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PLAN_IDS, PLANS } from '@showback/contract';
import { useProduct } from '../support/product.ts';
import { NO_USER_FETCH, PUBLIC_PAGES } from './pages.ts';

describe('public site', () => {
  const product = useProduct();

  const open = async (path: string, options: { javaScriptEnabled?: boolean; width?: number } = {}): Promise<Page> => {
    const page = await product.page(options.width, { javaScriptEnabled: options.javaScriptEnabled ?? true });
    await page.goto(path);
    return page;
  };

  /** The entry script arrives late, so the visitor surely types into the server's HTML before React hydrates it. */
  const openBeforeScripts = async (path: string): Promise<Page> => {
    const page = await product.page();
    await page.route('**/vite/assets/index-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    return page;
  };

  it('serves every public page prerendered: content, title, description and Open Graph tags without JavaScript', async () => {
    for (const { path, text } of PUBLIC_PAGES) {
      const page = await open(path, { javaScriptEnabled: false });
      expect(await page.locator('#root').innerText(), path).toMatch(text);
      expect(await page.title(), path).not.toBe('Showback');
      expect(await page.locator('meta[name="description"]').getAttribute('content'), path).toBeTruthy();
      expect(await page.locator('meta[property="og:title"]').getAttribute('content'), path).toBe(await page.title());
      expect(await page.locator('meta[name="csrf-token"]').count(), `${path} keeps the server's meta`).toBe(1);
      await page.context().close();
    }
  });

  it('hydrates each public page without errors and fetches the current user only where the spec says', async () => {
    for (const { path, text } of PUBLIC_PAGES) {
      const page = await product.page();
      const errors: string[] = [];
      const meCalls: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error' && !/status of 401/.test(m.text())) errors.push(m.text());
      });
      page.on('request', (r) => {
        if (r.url().includes('/api/v1/users/me')) meCalls.push(r.url());
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('main').innerText(), path).toMatch(text);
      expect(errors, path).toEqual([]);
      if (NO_USER_FETCH.includes(path)) expect(meCalls, path).toEqual([]);
      else expect(meCalls.length, path).toBeGreaterThan(0);
      await page.context().close();
    }
  });

  it('hydrates the visitor HTML for a signed-in visitor too, then shows their navigation', async () => {
    // The pages are prerendered for a visitor; a stored user must not make hydration fail (React #418).
    const context = await product.context();
    await context.addInitScript(() => localStorage.setItem('user', JSON.stringify({ id: 'u1', role: 'owner', is_sysadmin: false, account: { onboarding_completed: true, plan: 'free' } })));
    for (const path of ['/', '/pricing', '/faq', '/integrations']) {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(path);
      const cta = page.locator('header').getByRole('link', { name: 'Go to Dashboard' });
      await cta.waitFor();
      expect(await cta.getAttribute('href'), path).toBe('/dashboard');
      expect(await page.locator('header').getByRole('link', { name: 'Start Free' }).count(), path).toBe(0);
      expect(errors, path).toEqual([]);
      await page.close();
    }
  });

  it('paints the hero from HTML alone (its styles inlined, its poster preloaded as AVIF) and loads hashed videos after load', async () => {
    const page = await product.page();
    const videos: { name: string; cacheControl: string }[] = [];
    const heroPosters: string[] = [];
    const stylesheets: string[] = [];
    page.on('request', (r) => {
      if (/\/media\/hero-[\w-]+\.(avif|webp|jpg)$/.test(r.url())) heroPosters.push(r.url().replace(/^.*\./, ''));
      if (r.resourceType() === 'stylesheet') stylesheets.push(r.url());
    });
    page.on('response', (r) => {
      const name = /\/vite\/assets\/([\w-]+\.(?:mp4|webm))$/.exec(r.url())?.[1];
      if (name) videos.push({ name, cacheControl: r.headers()['cache-control'] ?? '' });
    });
    // The app's entry script is held until the hero has been seen: it must be on screen from the prerendered HTML,
    // however long the page takes to get there.
    let releaseApp!: () => void;
    const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
    await page.route('**/vite/assets/index-*.js', async (route) => {
      await appHeld;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.waitForSelector('h1');
    expect(await page.locator('h1').innerText()).toBe('See the problem. Skip the back-and-forth.');
    releaseApp();
    const preload = page.locator('head link[rel=preload][as=image]');
    expect(await preload.getAttribute('type')).toBe('image/avif');
    expect(await preload.getAttribute('fetchpriority')).toBe('high');
    await page.waitForLoadState('load');
    // Chromium takes the AVIF, from the preload and the <picture> alike, and no other format of it.
    expect(heroPosters).toEqual(['avif']);
    await page.waitForFunction(() => document.querySelector('video[data-loaded="true"]') !== null, null, { timeout: 5000 });
    const clips = ['hero', 'demo-request', 'demo-record', 'demo-review'];
    await expect.poll(() => clips.filter((clip) => videos.some((v) => v.name.startsWith(`${clip}-`))), { timeout: 15_000 }).toEqual(clips);
    for (const clip of clips) {
      const video = videos.find((v) => v.name.startsWith(`${clip}-`));
      expect(video, clip).toBeDefined();
      expect(video!.cacheControl, clip).toBe('public, max-age=31536000, immutable');
    }
    // Every rule is in the page itself: Vite's loader sees the disabled link of each and fetches none.
    expect(stylesheets).toEqual([]);
    expect(await page.locator('head style').count()).toBeGreaterThan(0);
  });

  it('hero email navigates to sign-up with the email filled', async () => {
    const page = await open('/');
    const email = 'dana@acme.example';
    const input = page.getByPlaceholder('Enter your email');
    expect(await input.getAttribute('type')).toBe('email');
    expect(await input.getAttribute('required')).not.toBeNull();
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(new URL(page.url()).pathname).toBe('/');
    await input.fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/sign-up\?/);
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
    await expect.poll(() => page.locator('input[type=email]').first().inputValue()).toBe(email);
  });

  it('has the landing sections in order with their anchors; nav links are anchors on home and pages elsewhere', async () => {
    const page = await open('/');
    const ids = await page.locator('main section[id]').evaluateAll((els) => els.map((e) => e.id));
    expect(ids.filter((id) => ['features', 'work', 'who', 'integrations', 'pricing', 'faq'].includes(id))).toEqual(['features', 'work', 'who', 'integrations', 'pricing', 'faq']);
    expect(await page.locator('#work h3').allInnerTexts()).toEqual(['Send Links', 'Embed the Widget']);
    expect(await page.locator('#who li').count()).toBe(3);
    expect(await page.locator('#integrations h2').innerText()).toBe('Integrate with your favorite tools');
    expect(await page.locator('#integrations [data-integration]').count()).toBe(6);
    const soon = await page.locator('#integrations [data-integration]').evaluateAll((els) => els.filter((e) => /Coming soon/.test(e.textContent ?? '')).map((e) => e.getAttribute('data-integration')));
    expect(soon).toEqual(['teams']);
    const columns = await page.locator('#integrations ul').first().evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(3);

    const nav = page.getByRole('navigation').first();
    const hrefs = await nav.locator('a').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs).toContain('#features');
    expect(hrefs).toContain('#pricing');
    expect(await page.locator('header').getByRole('link', { name: 'Start Free' }).getAttribute('href')).toBe('/sign-up');
    await nav.getByRole('link', { name: 'Pricing' }).click();
    // Smooth scrolling: on a loaded machine it takes longer than expect.poll's default second.
    await expect.poll(() => page.evaluate(() => Math.abs(document.getElementById('pricing')!.getBoundingClientRect().top) < 120), { timeout: 10_000 }).toBe(true);
    await page.context().close();

    const other = await open('/faq');
    const otherHrefs = await other.getByRole('navigation').first().locator('a').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(otherHrefs).toEqual(expect.arrayContaining(['/', '/features', '/pricing']));
    expect(otherHrefs.some((h) => h?.startsWith('#'))).toBe(false);
    const footer = await other.locator('footer a').allInnerTexts();
    expect(footer).toEqual(['Home', 'How it Works', 'Integrations', 'Pricing', 'Contact', 'FAQs', 'Privacy', 'Terms']);
    expect(await other.locator('footer').innerText()).toContain('© 2025');
  });

  it('filters the FAQ by case-insensitive substring and explains when nothing matches; several panels open at once', async () => {
    const page = await open('/faq');
    const search = page.getByRole('searchbox');
    const all = await page.locator('details').count();
    expect(all).toBeGreaterThan(5);
    await search.fill('IOS');
    await expect.poll(() => page.locator('details').count()).toBeLessThan(all);
    expect(await page.locator('details summary').first().innerText()).toMatch(/browsers/i);
    await search.fill('zxqv-nothing');
    await expect.poll(() => page.getByTestId('faq-empty').innerText()).toMatch(/No FAQs found matching "zxqv-nothing"/);
    expect(await page.getByTestId('faq-empty').innerText()).toMatch(/different term/);
    await search.fill('');
    await page.locator('details summary').nth(0).click();
    await page.locator('details summary').nth(1).click();
    expect(await page.locator('details[open]').count()).toBe(2);
  });

  it('pricing toggle shows the plan table of the contract, and plan buttons lead visitors to sign-up', async () => {
    const page = await open('/pricing');
    const prices = () => page.locator('[data-plan]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-plan'), e.querySelector('[data-price]')?.getAttribute('data-price')]));
    const expected = (interval: 'monthly' | 'annual') => PLAN_IDS.map((id) => [id, String((interval === 'annual' ? PLANS[id].priceAnnual : PLANS[id].priceMonthly) ?? 'custom')]);
    expect(await prices()).toEqual(expected('monthly'));
    // The page arrives prerendered: the toggle works once the app has hydrated it (a click before is lost).
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: /Annual/ }).click();
        return prices();
      })
      .toEqual(expected('annual'));
    expect(await page.locator('[data-plan="free"]').innerText()).toMatch(new RegExp(`${PLANS.free.submissionLimit} recordings per month \\(watermarked\\)`));
    expect(await page.locator('[data-plan="growth"]').innerText()).toMatch(/Embeddable widget/);
    expect(await page.locator('[data-plan="starter"]').innerText()).not.toMatch(/Embeddable widget/);
    expect(await page.locator('[data-plan="scale"]').innerText()).toMatch(/Branded subdomain/);
    expect(await page.locator('[data-plan="enterprise"]').innerText()).toMatch(/Invoice payment \(Net 30\)/);
    await page.locator('[data-plan="growth"] a').click();
    await page.waitForURL(/\/sign-up\?/);
    const url = new URL(page.url());
    expect([url.searchParams.get('plan'), url.searchParams.get('interval')]).toEqual(['growth', 'annual']);
  });

  it('contact form: shows errors for invalid input, then stores the message and confirms', async () => {
    const page = await open('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    expect(await page.getByRole('alert').count()).toBeGreaterThanOrEqual(3);
    await page.getByLabel('Your name').fill('Dana Support');
    await page.getByLabel('Email').fill('dana@');
    await page.getByLabel('Topic').selectOption('sales');
    await page.getByLabel('Message').fill('short');
    await page.getByRole('button', { name: 'Send message' }).click();
    expect(await page.locator('form').innerText()).toMatch(/Enter an email address/);
    expect(await page.locator('form').innerText()).toMatch(/at least 10 characters/);
    await page.getByLabel('Email').fill('dana@acme.example');
    await page.getByLabel('Message').fill('We would like a demo for our 12-person support team.');
    const response = page.waitForResponse((r) => r.url().endsWith('/api/v1/contact'));
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await response).status()).toBe(201);
    expect(await page.getByTestId('contact-sent').innerText()).toMatch(/dana@acme\.example/);
  });

  it('contact form typed before the scripts ran: sent as typed, and not before the page can send it', async () => {
    const page = await openBeforeScripts('/contact');
    await page.getByLabel('Your name').fill('Early Dana');
    await page.getByLabel('Email').fill('early-dana@acme.example');
    await page.getByLabel('Topic').selectOption('sales');
    await page.getByLabel('Message').fill('Typed while the page was still loading its scripts.');
    // Until hydrated the button cannot send the bare form (a GET with the message in the address).
    expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    const request = page.waitForRequest((r) => r.url().endsWith('/api/v1/contact'));
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await request).postDataJSON()).toMatchObject({
      name: 'Early Dana',
      email: 'early-dana@acme.example',
      topic: 'sales',
      message: 'Typed while the page was still loading its scripts.',
    });
    expect(await page.getByTestId('contact-sent').innerText()).toMatch(/early-dana@acme\.example/);
    expect(page.url()).not.toContain('message');
  });

  it('keeps the first attribution set, sends it with sign-up and clears it afterwards', async () => {
    const page = await open('/?utm_source=%20launch%20&utm_medium=email&ref=');
    await page.goto('/pricing?utm_source=later&utm_campaign=other');
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('utm_params'))) ?? 'null')).toEqual({ utm_source: 'launch', utm_medium: 'email' });
    await page.goto('/sign-up');
    const signUp = page.waitForRequest((r) => r.url().endsWith('/api/v1/users/sign_up'));
    await page.getByLabel('Your name').fill('Attribution Tester');
    await page.locator('input[type=email]').fill(`attr-${Date.now()}@example.test`);
    const passwords = page.locator('input[type=password]');
    await passwords.nth(0).fill('correct horse 42');
    await passwords.nth(1).fill('correct horse 42');
    await page.getByRole('button', { name: 'Create account' }).click();
    const body = (await signUp).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ utm_source: 'launch', utm_medium: 'email', utm_campaign: null, ref: null, via: null });
    await page.waitForURL((u) => !u.pathname.startsWith('/sign-up'));
    expect(await page.evaluate(() => sessionStorage.getItem('utm_params'))).toBeNull();
  });

  it('sign-up is a prerendered form: typed before the scripts run, what was typed is what is sent', async () => {
    const page = await openBeforeScripts('/sign-up');
    const email = `early-${Date.now()}@example.test`;
    await page.getByLabel('Your name').fill('Early Typist');
    await page.locator('input[type=email]').fill(email);
    const passwords = page.locator('input[type=password]');
    await passwords.nth(0).fill('correct horse 42');
    await passwords.nth(1).fill('correct horse 42');
    // Until hydrated the button cannot submit the bare form (a GET with the password in the URL).
    expect(await page.getByRole('button', { name: 'Create account' }).isDisabled()).toBe(true);
    const signUp = page.waitForRequest((r) => r.url().endsWith('/api/v1/users/sign_up'));
    await page.getByRole('button', { name: 'Create account' }).click();
    expect((await signUp).postDataJSON()).toMatchObject({ name: 'Early Typist', email, password: 'correct horse 42', password_confirmation: 'correct horse 42' });
    await page.waitForURL((u) => !u.pathname.startsWith('/sign-up'));
    expect(page.url()).not.toContain('password');
  });

  it('the FAQ search keeps what was typed before the scripts ran and filters by it once they have', async () => {
    const page = await openBeforeScripts('/faq');
    // The footer comes after the list: once it is there, every question is.
    await page.locator('footer').waitFor();
    const all = await page.locator('details').count();
    await page.getByRole('searchbox').fill('IOS');
    await expect.poll(() => page.locator('details').count(), { timeout: 10_000 }).toBeLessThan(all);
    expect(await page.getByRole('searchbox').inputValue()).toBe('IOS');
    expect(await page.locator('details summary').first().innerText()).toMatch(/browsers/i);
  });

  it('publishes sitemap.xml and robots.txt with the public pages', async () => {
    const sitemap = await fetch(`${product.server.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    const xml = await sitemap.text();
    for (const { path } of PUBLIC_PAGES) expect(xml, path).toContain(`${path === '/' ? '/' : path}</loc>`);
    const robots = await (await fetch(`${product.server.url}/robots.txt`)).text();
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
    expect(robots).toMatch(/Disallow: \/donkey/);
  });
});
