// One way the workspace's Node programs (the operator API, the sandboxes program) are bundled for
// `node dist/<entry>.js`: ESM for Node 20 with source maps, into the package's dist/. Each package
// passes its own esbuild (its own dependency, its own version) and says what stays external.
import { existsSync } from 'node:fs';

/**
 * Bundles the entries of `entries` (output name -> source file, from the package's folder) that
 * exist, with `options` added (plugins, `packages: 'external'`...), and says what it built.
 * @param {typeof import('esbuild').build} build the package's esbuild `build`
 * @param {string} name the package's name in the log line
 * @param {Record<string, string>} entries
 * @param {import('esbuild').BuildOptions} [options]
 */
export async function bundleNodeProgram(build, name, entries, options = {}) {
  const entryPoints = Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(file)));
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
    // An ESM bundle has no `require`; a bundled CommonJS helper would need one.
    banner: {
      js: "import { createRequire as __joinCreateRequire } from 'node:module'; const require = __joinCreateRequire(import.meta.url);",
    },
    ...options,
  });
  console.log(`${name}: built ${Object.values(entryPoints).join(', ')} -> dist/`);
}
