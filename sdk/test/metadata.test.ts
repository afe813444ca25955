// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WidgetHost } from '../src/core/widget-host.ts';
import { collectMetadata } from '../src/widget/collect-metadata.ts';
import { destroy, init, open, setMetadata } from '../src/index.ts';

// The widget as the core hands its state over on open(): what setMetadata() stored reaches the context from there.
let host: WidgetHost | undefined;
vi.mock('../src/widget/create-widget.tsx', () => ({
  createWidget: (h: WidgetHost) => {
    host = h;
    return { open: async () => {}, close() {}, destroy() {}, relocale() {} };
  },
}));

const setNavigator = (key: string, value: unknown) => Object.defineProperty(navigator, key, { value, configurable: true });

describe('setMetadata', () => {
  beforeEach(() => {
    // A desktop browser that can record: open() loads the widget.
    setNavigator('mediaDevices', { getDisplayMedia: () => undefined });
    (window as { MediaRecorder?: unknown }).MediaRecorder = function MediaRecorder() {};
    init({ key: 'wk_test', host: 'https://app.example.test', launcher: false });
  });
  afterEach(() => {
    destroy();
    host = undefined;
    delete (navigator as unknown as Record<string, unknown>).mediaDevices;
  });

  it('takes one key and value, or several as an object; undefined removes a key', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setMetadata('release', '2026.11.2');
    setMetadata('cartItems', 3);
    setMetadata({ plan: 'enterprise', app_version: '4.2.1', release: undefined });
    setMetadata('cartItems', undefined);
    // Not a key or an object of values: nothing is set.
    setMetadata(42 as never, 'x');
    await open();
    expect(await collectMetadata(host!, undefined)).toEqual({ plan: 'enterprise', app_version: '4.2.1' });
    // Removed keys are no misuse: nothing is warned about.
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('keeps a copy: later changes to the page’s object do not leak in', async () => {
    const values: Record<string, string> = { plan: 'pro' };
    setMetadata(values);
    values.plan = 'free';
    await open();
    expect(await collectMetadata(host!, undefined)).toEqual({ plan: 'pro' });
  });
});
