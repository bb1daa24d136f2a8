// Bundles the sandboxes program for `node dist/main.js` (scripts/node-bundle.mjs): every package
// stays an import resolved from this package's node_modules at run time (the OCR and face models
// find their data files there). The identity authority runs in a worker thread:
// dist/authority-worker.js beside main.js.
import { build } from 'esbuild';
import { cpSync } from 'node:fs';
import { bundleNodeProgram } from '../scripts/node-bundle.mjs';

await bundleNodeProgram(build, 'sandboxes', { main: 'src/main.ts', 'authority-worker': 'src/authority/worker.ts' }, { packages: 'external' });
// The sandboxes' page files are served as they are (src/public-files.ts finds them here).
for (const sandbox of ['card', 'signin', 'bnpl', 'fulfilment']) cpSync(`src/${sandbox}/public`, `dist/${sandbox}/public`, { recursive: true });
