import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { createRemoteConfig } from '../tools/rspack-config.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const maplibreDist = path.join(dir, 'node_modules', 'maplibre-gl', 'dist');
const maplibreVersion = require(path.join(dir, 'node_modules', 'maplibre-gl', 'package.json')).version;

// Container name and dev port: this folder's entry in the module registry (shared/src/modules/registry.json).
const config = createRemoteConfig({ dir });
// maplibre-gl's worker is a file of its own that a bundle cannot find beside the library: served
// from this remote's own files under the library's version (src/map/load-maplibre.ts points the
// library at it), never from a CDN.
config.plugins.push(
  new rspack.CopyRspackPlugin({
    patterns: [{ from: path.join(maplibreDist, 'maplibre-gl-worker.mjs'), to: `maplibre-gl-worker-${maplibreVersion}.js` }],
  }),
);
// maplibre-gl builds a cross-origin worker's loader with `new URL(workerUrl, import.meta.url)`:
// the bundler would read that as an asset to bundle (a context that throws at run time). Left as
// plain `new URL`, the absolute worker address set by load-maplibre.ts resolves to itself.
config.module.rules.push({ test: /maplibre-gl[\\/]dist[\\/].*\.mjs$/, parser: { url: false } });
export default config;
