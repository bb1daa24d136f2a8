// The face scan harness page (main.tsx) for e2e/perf/face-feedback.mjs: the component, its lazy
// chunks and the face assets exactly as the identity remote builds them (same swc and CSS
// rules from tools/rspack-config.mjs, same FaceAssetsPlugin), without Module Federation. Built
// into FACE_HARNESS_OUT (a temporary folder), never into the repository.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { createConfig } from '../../../../tools/rspack-config.mjs';
import { FACE_ALIASES, FACE_WARNINGS, FaceAssetsPlugin } from '../../../rspack.config.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkgDir = path.join(here, '..', '..', '..');
const out = process.env.FACE_HARNESS_OUT;
if (!out) throw new Error('FACE_HARNESS_OUT: where to build the face harness');

const base = createConfig({ dir: pkgDir, kind: 'remote', name: 'face_harness', port: 0 });
export default {
  ...base,
  entry: { main: path.join(here, 'main.tsx') },
  output: { ...base.output, path: path.resolve(out), publicPath: '/', uniqueName: 'face_harness' },
  devtool: false,
  ignoreWarnings: FACE_WARNINGS,
  resolve: { ...base.resolve, alias: { ...base.resolve.alias, ...FACE_ALIASES } },
  plugins: [
    new rspack.HtmlRspackPlugin({ template: path.join(here, 'index.html'), inject: 'body', scriptLoading: 'defer' }),
    new FaceAssetsPlugin(),
  ],
};
