// Bundles the server for `node dist/main.js` (scripts/node-bundle.mjs). Only the workspace
// contract (@join/shared, a symlink to TypeScript source that Node cannot run) is bundled in;
// every other package stays an import resolved from node_modules at run time (better-sqlite3 is
// native and cannot be bundled; fastify and friends need not be).
import { build } from 'esbuild';
import { bundleNodeProgram } from '../scripts/node-bundle.mjs';

/** Keeps every bare import external except @join/shared and its subpaths. */
const externalizeNodeModules = {
  name: 'externalize-node-modules',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@join/shared' || args.path.startsWith('@join/shared/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await bundleNodeProgram(build, 'api', { main: 'src/main.ts', bench: 'src/bench.ts' }, { plugins: [externalizeNodeModules] });
