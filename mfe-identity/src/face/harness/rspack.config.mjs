// The face scan harness page (main.tsx) for e2e/perf/face-feedback.mjs: the component, its lazy
// chunks and the face assets exactly as the identity remote builds them (tools/harness-config.mjs,
// and this remote's FaceAssetsPlugin and aliases), without Module Federation. Built into
// FACE_HARNESS_OUT (a temporary folder), never into the repository.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { harnessConfig } from '../../../../tools/harness-config.mjs';
import { FACE_ALIASES, FACE_WARNINGS, FaceAssetsPlugin } from '../../../rspack.config.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const base = harnessConfig({
  dir: path.join(here, '..', '..', '..'),
  name: 'face_harness',
  title: 'Face scan harness',
  entry: path.join(here, 'main.tsx'),
  outEnv: 'FACE_HARNESS_OUT',
});
export default {
  ...base,
  ignoreWarnings: FACE_WARNINGS,
  resolve: { ...base.resolve, alias: { ...base.resolve.alias, ...FACE_ALIASES } },
  plugins: [...base.plugins, new FaceAssetsPlugin()],
};
