// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warn } from '../src/core/logger.ts';
import { ALWAYS_BLURRED, CONVENTIONS, blurCss, privacyBlur } from '../src/widget/privacy-blur.ts';

vi.mock('../src/core/logger.ts', () => ({ warn: vi.fn() }));

// The browser's own blur is checked in Chromium (e2e/widget/privacy.test.ts: OCR of a recorded frame); here, which
// elements the style sheet reaches and how it comes and goes.
const PAGE = `
  <input id="password" type="password">
  <div id="showback" data-showback-mask>x</div>
  <input id="sentry" class="sentry-mask"><span id="sentry-attr" data-sentry-mask>x</span>
  <span id="fs" class="fs-mask">x</span><span id="fs-exclude" class="fs-exclude">x</span>
  <span id="hj" data-hj-suppress>x</span><span id="lr" class="lr-hide">x</span>
  <span id="ph" class="ph-no-capture">x</span><span id="private" data-private>x</span>
  <span id="balance" class="account-balance">x</span>
  <label id="label" for="email">Email</label><input id="email" type="email">`;

/** The ids of the page's elements a rule of `css` reaches, as the browser would pick them. */
function blurred(css: string): string[] {
  document.body.innerHTML = PAGE;
  const selectors = css.split('\n').map((rule) => {
    expect(rule).toMatch(/\{filter:blur\(12px\)!important\}$/);
    return rule.slice(0, rule.indexOf('{'));
  });
  return [...document.body.querySelectorAll('[id]')].filter((el) => selectors.some((s) => el.matches(s))).map((el) => el.id);
}

const CONVENTION_IDS = ['sentry', 'sentry-attr', 'fs', 'fs-exclude', 'hj', 'lr', 'ph', 'private'];

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the privacy blur’s style sheet', () => {
  it('blurs password fields, data-showback-mask and the other tools’ markers by default, nothing else', () => {
    expect(ALWAYS_BLURRED).toEqual(['input[type=password]', '[data-showback-mask]']);
    expect(CONVENTIONS).toHaveLength(8);
    expect(blurred(blurCss(undefined))).toEqual(['password', 'showback', ...CONVENTION_IDS]);
    expect(blurCss({})).toBe(blurCss(undefined));
  });

  it('with conventions off, blurs password fields and data-showback-mask only', () => {
    expect(blurred(blurCss({ conventions: false }))).toEqual(['password', 'showback']);
  });

  it('adds the page’s selectors, one rule each, and ignores what is not a selector with a warning', () => {
    vi.mocked(warn).mockClear();
    const css = blurCss({ selectors: ['.account-balance', '#label', 'a{}body', '', 42], conventions: false });
    expect(blurred(css)).toEqual(['password', 'showback', 'balance', 'label']);
    expect(css.split('\n')).toHaveLength(3);
    expect(css).not.toContain('body');
    expect(vi.mocked(warn).mock.calls.map((c) => c[1])).toEqual(['a{}body', '', 42]);
  });
});

describe('the privacy blur on the page', () => {
  it('puts the style in <head> with the page’s nonce, takes it away again, and can be turned on again', () => {
    const blur = privacyBlur({ selectors: ['.account-balance'] }, 'n0nce');
    blur.on();
    blur.on();
    const styles = document.head.querySelectorAll('style');
    expect(styles).toHaveLength(1);
    expect(styles[0]!.nonce).toBe('n0nce');
    expect(styles[0]!.textContent).toContain('.account-balance{filter:blur(12px)!important}');
    blur.off();
    expect(document.querySelectorAll('style')).toHaveLength(0);
    blur.on();
    expect(document.head.querySelectorAll('style')).toHaveLength(1);
    blur.off();
  });

  it('comes back when the page rewrites its <head>, and goes when the page is left', async () => {
    const blur = privacyBlur(undefined, undefined);
    blur.on();
    document.head.innerHTML = '<title>Next route</title>';
    await vi.waitFor(() => expect(document.head.querySelectorAll('style')).toHaveLength(1));
    dispatchEvent(new Event('pagehide'));
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });
});
