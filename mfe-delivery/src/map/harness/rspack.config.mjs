// The map harness page (main.tsx) for e2e/perf/map-interactive.mjs: the delivery remote's map
// component, its lazy chunks (maplibre-gl and its CSS) and maplibre's worker exactly as the
// delivery remote builds them (same swc and CSS rules from tools/rspack-config.mjs, same worker
// copy and parser rule from ../../../rspack.config.mjs), without Module Federation. Built into
// MAP_HARNESS_OUT (a temporary folder), never into the repository.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { createConfig } from '../../../../tools/rspack-config.mjs';
import { MAPLIBRE_URL_RULE, maplibreWorkerPlugin } from '../../../rspack.config.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkgDir = path.join(here, '..', '..', '..');
const out = process.env.MAP_HARNESS_OUT;
if (!out) throw new Error('MAP_HARNESS_OUT: where to build the map harness');

const base = createConfig({ dir: pkgDir, kind: 'remote', name: 'map_harness', port: 0 });
export default {
  ...base,
  entry: { main: path.join(here, 'main.tsx') },
  output: { ...base.output, path: path.resolve(out), publicPath: '/', uniqueName: 'map_harness' },
  devtool: false,
  module: { ...base.module, rules: [...base.module.rules, MAPLIBRE_URL_RULE] },
  plugins: [new rspack.HtmlRspackPlugin({ template: path.join(here, 'index.html'), inject: 'body', scriptLoading: 'defer' }), maplibreWorkerPlugin()],
};
