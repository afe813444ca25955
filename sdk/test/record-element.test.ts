// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { recordElement } from '../src/widget/record-element.ts';

// happy-dom has no Element Capture: a stand-in for Chromium's static `RestrictionTarget.fromElement` records what it
// was given (the real one: e2e/widget/widget.test.ts, in Chromium).
const made: Element[] = [];
const install = () => ((window as { RestrictionTarget?: unknown }).RestrictionTarget = { fromElement: async (el: Element) => (made.push(el), { el }) });

afterEach(() => {
  delete (window as { RestrictionTarget?: unknown }).RestrictionTarget;
  made.length = 0;
  document.body.innerHTML = '';
});

function page(): { app: HTMLElement; control: HTMLElement } {
  document.body.innerHTML = '<div id="app" style="isolation: auto"><p>shell</p></div>';
  const control = document.createElement('showback-modal');
  document.body.append(control);
  return { app: document.getElementById('app')!, control };
}

describe('recordElement (Element Capture of the host app shell)', () => {
  it('makes a target of the element named by a selector or given, isolated until restored', async () => {
    install();
    const { app, control } = page();
    const shell = await recordElement('#app', control);
    expect(made).toEqual([app]);
    expect(app.style.isolation).toBe('isolate');
    // Re-mounted by the app: no longer a shell that can be recorded.
    app.remove();
    expect(shell!.shown()).toBe(false);
    document.body.prepend(app);
    shell!.restore();
    expect(app.style.isolation).toBe('auto');
    expect(await recordElement(app, control)).toMatchObject({ target: { el: app } });
  });

  it('records the whole tab for <body>, <html>, an element holding the control, no match or a bad selector', async () => {
    install();
    const { app, control } = page();
    app.append(control);
    for (const option of ['body', document.documentElement, '#app', '#missing', '[[bad', 42]) expect(await recordElement(option, control)).toBeUndefined();
    expect(made).toEqual([]);
    expect(app.style.isolation).toBe('auto');
  });

  it('does nothing where the browser has no Element Capture, or without the option', async () => {
    const { control } = page();
    expect(await recordElement('#app', control)).toBeUndefined();
    install();
    expect(await recordElement(undefined, control)).toBeUndefined();
    expect(made).toEqual([]);
  });
});
