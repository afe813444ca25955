// Bundles the API into dist/ so `npm start` runs plain node; dependencies stay external in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server.ts', migrate: 'src/migrate-cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // The contract is TypeScript source inside the workspace: bundle it rather than load it at run time.
  alias: { '@showback/contract': '../contract/src/index.ts' },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
