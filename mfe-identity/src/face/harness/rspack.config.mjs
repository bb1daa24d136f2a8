// The face scan harness page (main.tsx) for e2e/perf/face-feedback.mjs: the component, its lazy
// chunks and the face assets exactly as the identity remote builds them (tools/harness-config.mjs,
// and this remote's FaceAssetsPlugin and aliases), without Module Federation. Built into
// FACE_HARNESS_OUT (a temporary folder), never into the repository.
import { harnessConfig } from '../../../../tools/harness-config.mjs';
import { FACE_ALIASES, FACE_WARNINGS, FaceAssetsPlugin } from '../../../rspack.config.mjs';

const base = harnessConfig(import.meta.url, { name: 'face_harness', title: 'Face scan harness', outEnv: 'FACE_HARNESS_OUT' });
export default {
  ...base,
  ignoreWarnings: FACE_WARNINGS,
  resolve: { ...base.resolve, alias: { ...base.resolve.alias, ...FACE_ALIASES } },
  plugins: [...base.plugins, new FaceAssetsPlugin()],
};
