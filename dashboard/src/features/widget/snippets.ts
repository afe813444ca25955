import type { WidgetAppearance, WidgetSettings } from '@showback/contract';

export type SnippetKind = 'script' | 'react' | 'vue';
export const SNIPPET_KINDS: SnippetKind[] = ['script', 'react', 'vue'];

type Source = Pick<WidgetSettings, 'key' | 'host' | 'script_url' | 'appearance'>;

const js = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** The SDK's `launcher` option for these settings; undefined when the defaults say it all. */
export function launcherOption(a: WidgetAppearance): false | Partial<Omit<WidgetAppearance, 'launcher'>> {
  if (!a.launcher) return false;
  return { position: a.position, label: a.label, background: a.background, color: a.color };
}

function launcherLiteral(a: WidgetAppearance): string {
  const option = launcherOption(a);
  if (option === false) return 'false';
  return `{ ${Object.entries(option)
    .map(([k, v]) => `${k}: ${js(v)}`)
    .join(', ')} }`;
}

/** Copy-paste code for one framework, with the account's key, host and appearance filled in. */
export function snippet(kind: SnippetKind, s: Source): string {
  const launcher = launcherLiteral(s.appearance);
  const open = s.appearance.launcher ? '' : ' // no launcher: call open() from your own button';
  if (kind === 'script') {
    return [
      '<script>',
      '  window.Showback = window.Showback || function () {',
      '    var a = arguments;',
      '    return new Promise(function (r, j) { (Showback.q = Showback.q || []).push([a, r, j]); });',
      '  };',
      `  Showback('init', { launcher: ${launcher} });${open}`,
      '</script>',
      `<script async src=${js(s.script_url)} data-key=${js(s.key)}></script>`,
    ].join('\n');
  }
  if (kind === 'react') {
    return [
      '// npm install @showback/widget',
      "import { useEffect } from 'react';",
      "import { init, destroy, open } from '@showback/widget';",
      '',
      'export function ShowbackWidget() {',
      '  useEffect(() => {',
      `    init({ key: ${js(s.key)}, host: ${js(s.host)}, launcher: ${launcher} });`,
      '    return () => destroy();',
      '  }, []);',
      s.appearance.launcher ? '  return null;' : "  return <button onClick={() => open().catch(() => {})}>Report a problem</button>;",
      '}',
    ].join('\n');
  }
  return [
    '<!-- npm install @showback/widget -->',
    '<script setup>',
    "import { onMounted, onUnmounted } from 'vue';",
    "import { init, destroy, open } from '@showback/widget';",
    '',
    `onMounted(() => init({ key: ${js(s.key)}, host: ${js(s.host)}, launcher: ${launcher} }));`,
    'onUnmounted(() => destroy());',
    '</script>',
    s.appearance.launcher ? '' : '\n<template>\n  <button @click="open().catch(() => {})">Report a problem</button>\n</template>',
  ]
    .join('\n')
    .trimEnd();
}
