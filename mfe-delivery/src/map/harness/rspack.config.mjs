// The map harness page (main.tsx) for e2e/perf/map-interactive.mjs: the delivery remote's map
// component, its lazy chunks (maplibre-gl and its CSS) and maplibre's worker exactly as the
// delivery remote builds them (tools/harness-config.mjs, and the worker copy and parser rule
// from ../../../rspack.config.mjs), without Module Federation. Built into MAP_HARNESS_OUT (a
// temporary folder), never into the repository.
import { harnessConfig } from '../../../../tools/harness-config.mjs';
import { MAPLIBRE_URL_RULE, maplibreWorkerPlugin } from '../../../rspack.config.mjs';

const base = harnessConfig(import.meta.url, { name: 'map_harness', title: 'Map harness', outEnv: 'MAP_HARNESS_OUT' });
export default {
  ...base,
  module: { ...base.module, rules: [...base.module.rules, MAPLIBRE_URL_RULE] },
  plugins: [...base.plugins, maplibreWorkerPlugin()],
};
