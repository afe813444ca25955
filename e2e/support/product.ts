import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { User } from '@showback/contract';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { apiCompleteOnboarding, apiSignUp, newContext } from '../auth/session.ts';
import { launchBrowser, type MediaOptions } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

/** A value, or a function beforeAll calls for it (for what needs a temp file or another service started first). */
type Lazy<T> = T | (() => T | Promise<T>);
const resolve = async <T>(value: Lazy<T>): Promise<T> => (typeof value === 'function' ? (value as () => T | Promise<T>)() : value);

function ready<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not started: use it inside a test or a later hook`);
  return value;
}

/** The built product on its own port and data folder for the enclosing file or describe block. */
export function useServer(env: Lazy<Record<string, string>> = {}): { readonly server: RunningServer } {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(await resolve(env));
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get server() {
      return ready(server, 'the server');
    },
  };
}

/**
 * One Chromium for the enclosing file or describe block. Contexts passed to `own()` inside a test are closed after
 * it, so a failing test does not leave its pages running into the next one.
 */
export function useBrowser(media: Lazy<MediaOptions> = {}): { readonly browser: Browser; own(context: BrowserContext): BrowserContext } {
  let browser: Browser | undefined;
  let inTest = false;
  const opened: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser(await resolve(media));
  });
  beforeEach(() => {
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    await Promise.all(opened.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      return ready(browser, 'the browser');
    },
    /** Closes `context` after the running test; one a beforeAll opens lives as long as the browser. */
    own(context) {
      if (inTest) opened.push(context);
      return context;
    },
  };
}

export interface ProductOptions {
  /** The server's environment (a function when it needs a service started first). */
  env?: Lazy<Record<string, string>>;
  /** Fake screen capture and microphone for the recorder (see browser.ts). */
  media?: Lazy<MediaOptions>;
}

export interface SignedUp {
  context: BrowserContext;
  page: Page;
  user: User;
}

export interface Product {
  readonly server: RunningServer;
  /** A fresh context on the server, `width` wide (740 high on phones, 800 otherwise); closed after the test. */
  context(width?: number, options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a fresh context (`page.context()` reaches it). */
  page(width?: number, options?: BrowserContextOptions): Promise<Page>;
  /** A page whose context holds the session of a new user signed up over the API, by default onboarded. */
  signedUp(fields?: Parameters<typeof apiSignUp>[1] & { onboarded?: boolean; width?: number }): Promise<SignedUp>;
}

/**
 * The set-up every browser scenario shares: the built product (one server) and Chromium (one browser) for the
 * enclosing file or describe block, started in beforeAll and closed in afterAll.
 */
export function useProduct(options: ProductOptions = {}): Product {
  const running = useServer(options.env);
  const chromium = useBrowser(options.media);
  const product: Product = {
    get server() {
      return running.server;
    },
    context: async (width, contextOptions) => chromium.own(await newContext(chromium.browser, running.server, width, contextOptions)),
    page: async (width, contextOptions) => (await product.context(width, contextOptions)).newPage(),
    async signedUp({ onboarded = true, width, ...fields } = {}) {
      const context = await product.context(width);
      const user = await apiSignUp(context, fields);
      if (onboarded) await apiCompleteOnboarding(context);
      return { context, page: await context.newPage(), user };
    },
  };
  return product;
}
