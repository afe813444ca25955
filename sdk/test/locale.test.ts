// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { destroy, init, setLocale } from '../src/index.ts';

const setNavigator = (key: string, value: unknown) => Object.defineProperty(navigator, key, { value, configurable: true });
const launcherText = () => document.querySelector('showback-launcher')?.shadowRoot?.querySelector('button')?.textContent;

describe('the launcher speaks the widget’s language', () => {
  beforeEach(() => {
    // A desktop browser that can record: the launcher is shown.
    setNavigator('mediaDevices', { getDisplayMedia: () => undefined });
    (window as { MediaRecorder?: unknown }).MediaRecorder = function MediaRecorder() {};
  });
  afterEach(() => {
    destroy();
    for (const key of ['mediaDevices', 'languages']) delete (navigator as unknown as Record<string, unknown>)[key];
  });

  it('takes the browser’s language by default, with a regional fallback', () => {
    setNavigator('languages', ['pt-PT', 'en']);
    init({ key: 'wk_test', host: 'https://app.example.test' });
    expect(launcherText()).toBe('Gravar sua tela');
  });

  it('takes the page’s `locale` over the browser’s, and follows setLocale()', () => {
    setNavigator('languages', ['de-DE']);
    init({ key: 'wk_test', host: 'https://app.example.test', locale: 'es' });
    expect(launcherText()).toBe('Grabar su pantalla');
    setLocale('ja');
    expect(launcherText()).toBe('画面を録画');
    // A tag it does not speak as such: the same language elsewhere.
    setLocale('fr-CA' as never);
    expect(launcherText()).toBe('Enregistrer votre écran');
  });

  it('keeps a text the page gave in every language', () => {
    init({ key: 'wk_test', host: 'https://app.example.test', locale: 'de', launcher: { label: 'Fehler melden' } });
    setLocale('ar');
    expect(launcherText()).toBe('Fehler melden');
  });
});
