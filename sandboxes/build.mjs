// Bundles the sandboxes program for `node dist/main.js`: every package (but @join/fixtures) stays
// an import resolved from this package's node_modules at run time (the OCR and face models find their data files
// there). The identity authority runs in a worker thread: dist/authority-worker.js beside main.js.
import { build } from 'esbuild';
import { cpSync, existsSync } from 'node:fs';

const entryPoints = Object.fromEntries(
  Object.entries({ main: 'src/main.ts', 'authority-worker': 'src/authority/worker.ts' }).filter(([, f]) => existsSync(f)),
);

await build({
  entryPoints,
  outdir: 'dist',
  bundle: true,
  // Packages stay imports, but for the workspace's @join/fixtures (the providers' published test
  // data, the card sandbox's test cards): it is TypeScript source, bundled in.
  plugins: [
    {
      name: 'packages-external-but-fixtures',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@join/fixtures') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  // An ESM bundle has no `require`; a bundled CommonJS helper would need one.
  banner: {
    js: "import { createRequire as __sandboxesCreateRequire } from 'node:module'; const require = __sandboxesCreateRequire(import.meta.url);",
  },
});
// The sandboxes' page files are served as they are (src/public-files.ts finds them here).
for (const sandbox of ['card', 'signin', 'bnpl', 'fulfilment']) cpSync(`src/${sandbox}/public`, `dist/${sandbox}/public`, { recursive: true });
console.log(`sandboxes: built ${Object.values(entryPoints).join(', ')} -> dist/`);
