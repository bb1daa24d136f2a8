// Bundles the sandboxes program for `node dist/main.js` (scripts/node-bundle.mjs): every package
// but @join/fixtures stays an import resolved from this package's node_modules at run time (the
// OCR and face models find their data files there). The identity authority runs in a worker
// thread: dist/authority-worker.js beside main.js.
import { build } from 'esbuild';
import { cpSync } from 'node:fs';
import { bundleNodeProgram } from '../scripts/node-bundle.mjs';

// Packages stay imports, but for the workspace's @join/fixtures (the providers' published test
// data, the card sandbox's test cards): it is TypeScript source, bundled in.
const packagesExternalButFixtures = {
  name: 'packages-external-but-fixtures',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@join/fixtures') ? undefined : { path: args.path, external: true }));
  },
};

await bundleNodeProgram(build, 'sandboxes', { main: 'src/main.ts', 'authority-worker': 'src/authority/worker.ts' }, { plugins: [packagesExternalButFixtures] });
// The sandboxes' page files are served as they are (src/public-files.ts finds them here).
for (const sandbox of ['card', 'signin', 'bnpl', 'fulfilment']) cpSync(`src/${sandbox}/public`, `dist/${sandbox}/public`, { recursive: true });
