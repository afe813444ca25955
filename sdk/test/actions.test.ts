// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { captureActions } from '../src/capture/actions.ts';
import { createEventBuffer, type RawAction } from '../src/core/event-buffer.ts';
import { describeAction } from '../src/widget/describe-action.ts';
import { sensitiveNames } from '../src/widget/sensitive.ts';

const PAGE = `
  <nav id="menu"><button class="menu-toggle" aria-expanded="false"><svg></svg><span>Account</span></button></nav>
  <form id="pay" aria-label="Payment">
    <label for="card">Card number</label><input id="card" class="sentry-mask" name="cardno">
    <label>Password <input type="password" name="pw"></label>
    <input name="email" placeholder="you@example.com">
    <label><input type="checkbox" name="terms"> I accept the terms</label>
    <label><input type="checkbox" name="keep" autocomplete="cc-csc"> Keep</label>
    <select name="country" aria-label="Country"><option>Germany</option><option>France</option></select>
    <input type="submit" value="Pay now">
    <div class="fs-mask"><span data-testid="balance">IBAN DE89 3704</span></div>
    <div contenteditable="true" id="notes">typed secret notes</div>
  </form>
  <showback-launcher><button>Record your screen</button></showback-launcher>`;

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  document.body.innerHTML = '';
});

function page() {
  document.body.innerHTML = PAGE;
  const buffer = createEventBuffer(100, 1e6);
  restore = captureActions(buffer.push);
  const isSensitive = sensitiveNames(undefined);
  const described = () => buffer.snapshot().events.map((e) => describeAction(e as RawAction, isSensitive));
  return { $: (s: string) => document.querySelector(s) as HTMLElement, buffer, described };
}

const type = (el: HTMLElement, value: string) => {
  (el as HTMLInputElement).value = value;
  el.dispatchEvent(new Event('change', { bubbles: true }));
};

describe('the customer’s actions', () => {
  it('describe a click as the element a person meant: role, name, a short selector', () => {
    const { $, described } = page();
    $('#menu svg').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    $('input[type=submit]').click();
    $('[data-testid=balance]').click();
    expect(described()).toEqual([
      { kind: 'action', t: expect.any(Number), action: 'click', role: 'button', name: 'Account', selector: '#menu button.menu-toggle' },
      { kind: 'action', t: expect.any(Number), action: 'click', role: 'button', name: 'Pay now', selector: '#pay input' },
      { kind: 'action', t: expect.any(Number), action: 'submit', role: 'form', name: 'Payment', selector: '#pay' },
      // Inside a region the page marks private: no text, the selector only.
      { kind: 'action', t: expect.any(Number), action: 'click', role: 'span', selector: '[data-testid="balance"]' },
    ]);
  });

  it('name the field that changed, never its value; a checkbox or select state only where the field is not sensitive', () => {
    const { $, described } = page();
    type($('#card'), '4242 4242 4242 4242');
    type($('input[name=pw]'), 'hunter2');
    type($('input[name=email]'), 'ada@example.com');
    $('input[name=terms]').click();
    $('input[name=keep]').click();
    ($('select') as HTMLSelectElement).selectedIndex = 1;
    $('select').dispatchEvent(new Event('change', { bubbles: true }));
    type($('#notes'), 'x');
    const actions = described().filter((a) => a?.action === 'change');
    expect(actions).toEqual([
      { kind: 'action', t: expect.any(Number), action: 'change', role: 'textbox', name: 'Card number', selector: '#card' },
      { kind: 'action', t: expect.any(Number), action: 'change', role: 'textbox', name: 'Password', selector: '#pay input[name="pw"]' },
      { kind: 'action', t: expect.any(Number), action: 'change', role: 'textbox', name: 'you@example.com', selector: '#pay input[name="email"]' },
      { kind: 'action', t: expect.any(Number), action: 'change', role: 'checkbox', name: 'I accept the terms', selector: '#pay input[name="terms"]', state: 'checked' },
      { kind: 'action', t: expect.any(Number), action: 'change', role: 'checkbox', name: 'Keep', selector: '#pay input[name="keep"]' },
      { kind: 'action', t: expect.any(Number), action: 'change', role: 'combobox', name: 'Country', selector: '#pay select[name="country"]', state: 'France' },
      // An editable region gives no text: it is what the customer typed.
      { kind: 'action', t: expect.any(Number), action: 'change', role: 'div', selector: '#notes' },
    ]);
    expect(JSON.stringify(described())).not.toMatch(/4242|hunter2|ada@example|secret notes/);
  });

  it('keep Enter, Escape and Tab only, submits, the tab and the window, one scroll a second; not the SDK’s own launcher', () => {
    const { $, described, buffer } = page();
    for (const key of ['a', 'Shift', 'Enter', 'Backspace', 'Escape', 'Tab']) $('input[name=email]').dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    $('form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    window.dispatchEvent(new FocusEvent('blur'));
    $('input[name=email]').dispatchEvent(new FocusEvent('focus'));
    window.dispatchEvent(new FocusEvent('focus'));
    for (let i = 0; i < 30; i++) document.dispatchEvent(new Event('scroll', { bubbles: true }));
    $('showback-launcher button').click();
    expect(buffer.snapshot().events.filter((e) => (e as RawAction).raw.type === 'scroll')).toHaveLength(1);
    expect(described().filter(Boolean).map((a) => [a!.action, a!.key ?? a!.name ?? a!.role ?? ''])).toEqual([
      ['key', 'Enter'],
      ['key', 'Escape'],
      ['key', 'Tab'],
      ['submit', 'Payment'],
      ['page_hidden', ''],
      ['page_visible', ''],
      ['page_blur', ''],
      ['page_focus', ''],
      ['scroll', 'page'],
    ]);
  });

  it('stop at destroy', () => {
    const { $, buffer } = page();
    restore!();
    restore = undefined;
    $('input[type=submit]').click();
    expect(buffer.snapshot().events).toEqual([]);
  });
});
