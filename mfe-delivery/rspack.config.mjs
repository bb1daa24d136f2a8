import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { createRemoteConfig } from '../tools/rspack-config.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const maplibreDist = path.join(dir, 'node_modules', 'maplibre-gl', 'dist');
const maplibreVersion = require(path.join(dir, 'node_modules', 'maplibre-gl', 'package.json')).version;

/**
 * maplibre-gl's worker is a file of its own that a bundle cannot find beside the library: served
 * from this remote's own files under the library's version (src/map/load-maplibre.ts points the
 * library at it), never from a CDN. Also used by the map's benchmark harness (src/map/harness).
 */
export function maplibreWorkerPlugin() {
  return new rspack.CopyRspackPlugin({
    patterns: [{ from: path.join(maplibreDist, 'maplibre-gl-worker.mjs'), to: `maplibre-gl-worker-${maplibreVersion}.js` }],
  });
}

/**
 * maplibre-gl builds a cross-origin worker's loader with `new URL(workerUrl, import.meta.url)`:
 * the bundler would read that as an asset to bundle (a context that throws at run time). Left as
 * plain `new URL`, the absolute worker address set by load-maplibre.ts resolves to itself.
 */
export const MAPLIBRE_URL_RULE = { test: /maplibre-gl[\\/]dist[\\/].*\.mjs$/, parser: { url: false } };

// Container name and dev port: this folder's entry in the module registry (shared/src/modules/registry.json).
const config = createRemoteConfig({ dir });
config.plugins.push(maplibreWorkerPlugin());
config.module.rules.push(MAPLIBRE_URL_RULE);
export default config;
