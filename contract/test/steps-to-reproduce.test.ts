import { describe, expect, it } from 'vitest';
import { MAX_REPRO_STEPS, stepsToReproduce, type WidgetEvent } from '../src/index.ts';

const click = (t: number, name?: string, extra: Partial<WidgetEvent> = {}): WidgetEvent => ({ kind: 'action', t, action: 'click', role: 'button', ...(name ? { name } : {}), selector: '#b', ...extra }) as WidgetEvent;

describe('steps to reproduce', () => {
  it('lists actions, pages and failures in order, in words, each with its event', () => {
    const events: WidgetEvent[] = [
      { kind: 'navigation', t: -4000, url: 'https://shop.example/invoices?page=2', trigger: 'push' },
      { kind: 'action', t: -3000, action: 'click', role: 'menuitem', name: 'Pay invoice', selector: '#menu a' },
      { kind: 'action', t: -2500, action: 'change', role: 'textbox', name: 'Card number', selector: 'input[name="card"]' },
      { kind: 'action', t: -2400, action: 'change', role: 'checkbox', name: 'Save card', state: 'checked' },
      { kind: 'action', t: -2300, action: 'change', role: 'combobox', name: 'Country', state: 'France' },
      { kind: 'action', t: -2200, action: 'key', role: 'textbox', name: 'Card number', key: 'Enter' },
      { kind: 'action', t: -2100, action: 'scroll', role: 'page' },
      { kind: 'action', t: -2000, action: 'page_blur' },
      { kind: 'network', t: -1900, transport: 'fetch', method: 'GET', url: 'https://shop.example/api/ok', status: 200, duration_ms: 3 },
      { kind: 'console', t: -1800, level: 'log', message: 'not a step' },
      click(100, 'Pay now'),
      { kind: 'action', t: 150, action: 'submit', role: 'form', name: 'Payment' },
      { kind: 'network', t: 200, transport: 'fetch', method: 'POST', url: 'https://shop.example/api/pay', status: 500, duration_ms: 30 },
      { kind: 'network', t: 300, transport: 'xhr', method: 'GET', url: 'https://shop.example/api/x', status: 0, duration_ms: 30 },
      { kind: 'error', t: 400, cause: 'error', message: 'TypeError:  x\n is undefined' },
      { kind: 'action', t: 500, action: 'page_hidden' },
      { kind: 'action', t: 600, action: 'page_visible' },
      { kind: 'action', t: 700, action: 'tap', role: 'link' },
      { kind: 'action', t: 800, action: 'click', role: 'checkbox', name: 'Save card' },
    ];
    expect(stepsToReproduce(events)).toEqual([
      { text: 'Opened /invoices?page=2', t_ms: -4000, event: 0 },
      { text: "Clicked 'Pay invoice'", t_ms: -3000, event: 1 },
      { text: "Filled in 'Card number'", t_ms: -2500, event: 2 },
      { text: "Checked 'Save card'", t_ms: -2400, event: 3 },
      { text: "Chose 'France' in 'Country'", t_ms: -2300, event: 4 },
      { text: "Pressed Enter in 'Card number'", t_ms: -2200, event: 5 },
      { text: "Clicked 'Pay now'", t_ms: 100, event: 10 },
      { text: "Submitted the form 'Payment'", t_ms: 150, event: 11 },
      { text: 'POST /api/pay → 500', t_ms: 200, event: 12 },
      { text: 'GET /api/x → no response', t_ms: 300, event: 13 },
      { text: 'Error: TypeError: x is undefined', t_ms: 400, event: 14 },
      { text: 'Left the tab', t_ms: 500, event: 15 },
      { text: 'Came back to the tab', t_ms: 600, event: 16 },
      { text: 'Tapped the link', t_ms: 700, event: 17 },
    ]);
  });

  it('says a repeated step once and keeps the latest steps', () => {
    expect(stepsToReproduce([click(1, 'Save'), click(2, 'Save'), click(3, undefined, { role: undefined })]).map((s) => s.text)).toEqual(["Clicked 'Save'", 'Clicked #b']);
    const many = Array.from({ length: 40 }, (_, i) => click(i, `Button ${i}`));
    const steps = stepsToReproduce(many);
    expect(steps).toHaveLength(MAX_REPRO_STEPS);
    expect(steps.at(-1)).toEqual({ text: "Clicked 'Button 39'", t_ms: 39, event: 39 });
    expect(stepsToReproduce([])).toEqual([]);
  });
});
