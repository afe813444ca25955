import { describe, expect, it } from 'vitest';
import type { WidgetAppearance } from '@showback/contract';
import { snippet } from '../../src/features/widget/snippets.ts';

const base = { key: 'wk_live_abc', host: 'https://app.showback.test', script_url: 'https://app.showback.test/sdk/showback.js' };
const look: WidgetAppearance = { launcher: true, position: 'top-left', label: 'Report </script><b>', background: '#0f766e', color: '#ffffff' };

describe('widget snippets', () => {
  it('script tag: stub, init with the appearance, key and host from the account', () => {
    const code = snippet('script', { ...base, appearance: look });
    expect(code).toContain('<script async src="https://app.showback.test/sdk/showback.js" data-key="wk_live_abc"></script>');
    expect(code).toContain(`Showback('init', { launcher: { position: "top-left", label: "Report \\u003c/script>\\u003cb>", background: "#0f766e", color: "#ffffff" } });`);
    expect(code.match(/<\/script>/g)).toHaveLength(2);
  });

  it('npm snippets for React and Vue; no launcher means a button calling open()', () => {
    const react = snippet('react', { ...base, appearance: { ...look, launcher: false } });
    expect(react).toContain(`init({ key: "wk_live_abc", host: "https://app.showback.test", launcher: false });`);
    expect(react).toContain('open().catch');
    const vue = snippet('vue', { ...base, appearance: look });
    expect(vue).toContain("import { init, destroy, open } from '@showback/widget';");
    expect(vue).toContain('onUnmounted(() => destroy());');
    expect(vue).not.toContain('<template>');
  });
});
