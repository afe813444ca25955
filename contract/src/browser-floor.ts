/**
 * The oldest browsers the product promises (spec §9), in browserslist's query syntax: the one place the floor is
 * written. The recorder's and the dashboard's Vite builds and the widget SDK's rollup/esbuild build compile to
 * BUILD_TARGET; `scripts/check-browser-floor.ts` (run in the test suite) fails when a built file still holds syntax
 * or a browser API above it.
 */
export const BROWSER_FLOOR = ['chrome >= 85', 'edge >= 85', 'firefox >= 78', 'safari >= 14.1'] as const;

/**
 * The floor as an esbuild/Vite target. `es2020` stands in for Chrome/Edge 85 (everything ES2020 has, nothing after):
 * esbuild's `chrome85` rewrites every `?.` to dodge a V8 bug with parenthesised optional calls that this code never
 * writes, at a cost in bytes.
 */
export const BUILD_TARGET: string[] = ['es2020', ...BROWSER_FLOOR.filter((q) => !/^(chrome|edge) /.test(q)).map((q) => q.replace(' >= ', ''))];
