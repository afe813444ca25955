// The widget SDK's bundles (`npm run build -w sdk`):
// - npm package: dist/showback.mjs + dist/showback.cjs, the widget split into its own chunk, preact external;
// - script tag: dist/showback.js (the up-front core), dist/showback-widget.js (modal + preact), loaded on open, and
//   dist/showback-detail.js (header and body capture), loaded at init only when `detailUrls` are configured, and
//   dist/showback-context.js (the recording's context: redaction, environment, metadata), loaded by the widget once a
//   recording starts, and dist/showback-privacy.js (the blur of the page's private elements), loaded by the widget
//   when it opens.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, RollupOptions } from 'rollup';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import { BUILD_TARGET } from './contract/src/browser-floor.ts';

const sdk = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sdk');
const dist = path.join(sdk, 'dist');

// The spec's browsers (contract/src/browser-floor.ts, shared with the Vite builds).
const compile = () =>
  esbuild({
    target: BUILD_TARGET,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    define: { __DEBUG__: 'false' },
    tsconfig: path.join(sdk, 'tsconfig.json'),
  });

// `_name` properties are internal to the up-front bundle (its state, launcher and network options, see
// core/client.ts): shortened there. Never in the widget bundle, whose Preact uses underscored names of its own.
const minify = (mangleInternal = false) =>
  terser({
    ecma: 2020,
    compress: { passes: 3, unsafe_arrows: true, unsafe: true, pure_getters: true, hoist_funs: true },
    mangle: mangleInternal ? { properties: { regex: /^_[a-z]/ } } : true,
    format: { comments: false },
  });

/** The script-tag core loads its chunks with a nonce'd `<script>` instead of `import()`. */
const scriptTagLoader = (): Plugin => ({
  name: 'showback-script-tag-loader',
  async resolveId(source, importer, options) {
    if (!source.endsWith('/load-chunk.ts')) return null;
    return this.resolve(source.replace(/load-chunk\.ts$/, 'load-chunk.script.ts'), importer, { ...options, skipSelf: true });
  },
});

const config: RollupOptions[] = [
  {
    input: path.join(sdk, 'src/index.ts'),
    external: (id) => id === 'preact' || id.startsWith('preact/'),
    plugins: [nodeResolve(), compile()],
    output: [
      { dir: dist, format: 'es', entryFileNames: 'showback.mjs', chunkFileNames: 'showback-[name].mjs' },
      { dir: dist, format: 'cjs', entryFileNames: 'showback.cjs', chunkFileNames: 'showback-[name].cjs' },
    ],
  },
  {
    input: path.join(sdk, 'src/global.ts'),
    plugins: [scriptTagLoader(), nodeResolve(), compile(), minify(true)],
    // No "use strict" prologue: nothing here depends on strict mode, and the up-front bytes count.
    output: { file: path.join(dist, 'showback.js'), format: 'iife', strict: false },
  },
  {
    input: path.join(sdk, 'src/widget/global.ts'),
    plugins: [scriptTagLoader(), nodeResolve(), compile(), minify()],
    output: { file: path.join(dist, 'showback-widget.js'), format: 'iife' },
  },
  {
    input: path.join(sdk, 'src/widget/context.global.ts'),
    plugins: [nodeResolve(), compile(), minify()],
    output: { file: path.join(dist, 'showback-context.js'), format: 'iife' },
  },
  {
    input: path.join(sdk, 'src/widget/privacy.global.ts'),
    plugins: [nodeResolve(), compile(), minify()],
    output: { file: path.join(dist, 'showback-privacy.js'), format: 'iife' },
  },
  {
    input: path.join(sdk, 'src/capture/detail.global.ts'),
    plugins: [nodeResolve(), compile(), minify()],
    output: { file: path.join(dist, 'showback-detail.js'), format: 'iife' },
  },
];

export default config;
