// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

type Stub = ((...a: unknown[]) => Promise<unknown>) & { q?: unknown[] };

// The snippet's stub, as docs/widget-api.md prints it.
function installStub(): Stub {
  const w = window as unknown as { Showback?: Stub };
  w.Showback = function () {
    // eslint-disable-next-line prefer-rest-params
    const args = arguments;
    return new Promise((r, j) => (w.Showback!.q = w.Showback!.q || []).push([args, r, j]));
  } as Stub;
  return w.Showback;
}

afterEach(() => {
  (window as unknown as { Showback?: { destroy?: () => void } }).Showback?.destroy?.();
  delete (window as unknown as { Showback?: unknown }).Showback;
  vi.resetModules();
});

describe('script-tag queue stub', () => {
  it('replays calls made before the script loaded, init first, and settles their promises', async () => {
    const stub = installStub();
    const support = stub('isSupported');
    const events: string[] = [];
    void stub('on', 'error', (e: { code: string }) => events.push(e.code));
    void stub('setMetadata', 'plan', 'pro');
    void stub('init', { key: 'wk_test', host: 'https://app.example.test', launcher: false });
    const opened = stub('open');
    const before = console.log;
    await import('../src/global.ts');
    const api = (window as unknown as { Showback: Stub & Record<string, unknown> }).Showback;
    expect(typeof api).toBe('function');
    expect(typeof api.open).toBe('function');
    // init ran before the other queued calls: console is patched now.
    expect(console.log).not.toBe(before);
    expect(await support).toMatchObject({ supported: false });
    // happy-dom has no screen capture: open() rejects with a coded error, also reported on the event.
    await expect(opened).rejects.toMatchObject({ name: 'ShowbackError', code: 'UNSUPPORTED' });
    expect(events).toEqual(['UNSUPPORTED']);
    // After load the global dispatches by name and as methods.
    expect(api('isSupported')).toMatchObject({ supported: false });
    expect(() => api('nope')).not.toThrow();
  });

  it('does nothing without a key or queued init and never throws', async () => {
    installStub();
    await expect(import('../src/global.ts')).resolves.toBeTruthy();
    const api = (window as unknown as { Showback: Record<string, (...a: unknown[]) => unknown> }).Showback;
    await expect(api.open!()).rejects.toMatchObject({ code: 'NOT_INITIALIZED' });
  });
});
