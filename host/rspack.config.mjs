import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { createConfig } from '../tools/rspack-config.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The host builds with no remotes: it reads /remotes.json at run time (src/federation).
 *
 * The living style guide (src/styleguide, shared/README.md) is a second entry and page,
 * styleguide.html, built only by the dev server (`rspack serve`) or when JOIN_STYLEGUIDE=1: a
 * production build (`npm start`, `npm test`) has no trace of it, and index.html never loads it.
 *
 * JOIN_SINGLE_BUNDLE=1 builds the per-step benchmark's "one bundle" into dist-single/ instead: the
 * step modules built into the host, no Module Federation (tools/single-bundle.mjs; only
 * e2e/perf/step-timings.mjs asks for it).
 */
/**
 * The operations page's chart library (uPlot, issue 28) in a chunk named for the page (`ops-…`),
 * not a numbered vendors chunk: only the operations page loads it, and the size report counts the
 * `ops-` files apart from a visitor's (scripts/size-report.mjs).
 */
const OPS_CHARTS_CHUNK = { test: /[\\/]node_modules[\\/](\.pnpm[\\/])?uplot[@\\/]/, name: 'ops-charts', chunks: 'async', enforce: true, priority: 20 };

export default (env = {}) => {
  const config = createConfig({ dir, kind: 'host', name: 'join_host', port: 3000 });
  config.optimization.splitChunks.cacheGroups.opsCharts = OPS_CHARTS_CHUNK;
  if (process.env.JOIN_SINGLE_BUNDLE === '1') return import('../tools/single-bundle.mjs').then((m) => m.singleBundleConfig(config));
  const styleguide = Boolean(env.RSPACK_SERVE) || process.env.JOIN_STYLEGUIDE === '1';
  if (!styleguide) return config;
  const html = (filename, chunks, title) =>
    new rspack.HtmlRspackPlugin({
      template: path.join(dir, 'src', 'index.html'),
      filename,
      chunks,
      title,
      favicon: path.join(dir, 'src', 'favicon.svg'),
      inject: 'body',
      scriptLoading: 'defer',
    });
  return {
    ...config,
    entry: { ...config.entry, styleguide: './src/styleguide/index.ts' },
    plugins: [
      ...config.plugins.filter((p) => !(p instanceof rspack.HtmlRspackPlugin)),
      html('index.html', ['main'], 'Tourist SIM'),
      html('styleguide.html', ['styleguide'], 'Style guide | Tourist SIM'),
    ],
  };
};
