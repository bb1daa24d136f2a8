// Bundles the server for `node dist/main.js`. Only the workspace contract (@join/shared, a
// symlink to TypeScript source that Node cannot run) is bundled in; every other package stays
// an import resolved from node_modules at run time (better-sqlite3 is native and cannot be
// bundled; fastify and friends need not be).
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

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

const entryPoints = Object.fromEntries(
  Object.entries({ main: 'src/main.ts', bench: 'src/bench.ts' }).filter(([, f]) => existsSync(f)),
);

await build({
  entryPoints,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalizeNodeModules],
  // An ESM bundle has no `require`; a bundled CommonJS helper would need one.
  banner: {
    js: "import { createRequire as __joinCreateRequire } from 'node:module'; const require = __joinCreateRequire(import.meta.url);",
  },
});
console.log(`api: built ${Object.values(entryPoints).join(', ')} -> dist/`);
