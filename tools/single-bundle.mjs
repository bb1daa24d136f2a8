// The host built with the five step modules inside it, for the per-step benchmark of issue 27
// (e2e/perf/step-timings.mjs): the "one bundle" the federated product is measured against, built
// as a well-made single-page app would be: each step its own chunk of the same build, loaded when
// its route is shown (code split per route), no Module Federation at all. Only the benchmark builds
// it (host/rspack.config.mjs with JOIN_SINGLE_BUNDLE=1, into host/dist-single/); `npm start` and
// `npm test` never do.
//
// What differs from the host's own build, and nothing else:
// - host/src/federation/remotes.ts (the run-time loader of remotes) is replaced by
//   bundled-steps.ts beside it, which imports each module's exposed ./Step file (STEP_EXPOSE_FILE)
//   with import(); every other file of the host is the same;
// - no ModuleFederationPlugin and no federation runtime: the shared singletons are ordinary
//   modules of the one build, with the same curated zod and router modules the federated page shares;
// - what the step modules' own builds add (the face scan's model and WebAssembly files, maplibre's
//   worker) is added here, from their rspack configs;
// - the page names each step's files (StepChunks below): the host prefetches the next step's files
//   as the federated host does from a manifest, and the first step's are preloaded as the server
//   preloads a remote's.
import { writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { MODULES, ROOT } from './module-registry.mjs';
import { STEP_EXPOSE_FILE } from './rspack-config.mjs';
import { FACE_ALIASES, FACE_WARNINGS, FaceAssetsPlugin } from '../mfe-identity/rspack.config.mjs';
import { MAPLIBRE_URL_RULE, maplibreWorkerPlugin } from '../mfe-delivery/rspack.config.mjs';

/** The page's data block naming each step's files (host/src/federation/bundled-steps.ts reads it). */
export const STEP_CHUNKS_ID = 'join-step-chunks';
/** The specifier bundled-steps.ts imports a step module by: join-bundled-step/<module name>. */
const STEP_SPECIFIER = 'join-bundled-step';

/**
 * Writes into index.html which files each step's chunk group is (`step-<name>`, the chunk names
 * bundled-steps.ts gives its imports), as a data block, and preloads the first step's scripts.
 */
class StepChunks {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('StepChunks', (compilation) => {
      const { namedChunkGroups } = compilation.getStats().toJson({ all: false, chunkGroups: true });
      const files = {};
      for (const m of MODULES) {
        const group = namedChunkGroups?.[`step-${m.name}`];
        if (!group) throw new Error(`single bundle: no chunk step-${m.name}: host/src/federation/bundled-steps.ts must import every registered step module`);
        files[m.name] = group.assets.map((a) => `/${typeof a === 'string' ? a : a.name}`).filter((f) => /\.(js|css)$/.test(f));
      }
      // The flow's first step is the registry's first module's (plan): its scripts, as the server
      // preloads the first remote's in the federated page (api/src/platform/static/boot-page.ts).
      const first = files[MODULES[0].name].filter((f) => f.endsWith('.js'));
      const data = `<script type="application/json" id="${STEP_CHUNKS_ID}">${JSON.stringify(files)}</script>`;
      const preloads = first.map((f) => `<link rel="preload" as="script" href="${f}">`).join('');
      const file = path.join(compilation.outputOptions.path, 'index.html');
      const page = readFileSync(file, 'utf8');
      if (!page.includes('</head>')) throw new Error('StepChunks: index.html has no </head>');
      writeFileSync(file, page.replace('</head>', () => `${preloads}${data}</head>`));
      writeFileSync(path.join(compilation.outputOptions.path, 'bundled-steps.json'), JSON.stringify(MODULES.map((m) => m.name)));
    });
  }
}

/** The host's production config (tools/rspack-config.mjs createConfig) turned into the single bundle. */
export function singleBundleConfig(config) {
  const hostDir = config.context;
  const federatedLoader = path.join(hostDir, 'src', 'federation', 'remotes.ts');
  const bundledLoader = path.join(hostDir, 'src', 'federation', 'bundled-steps.ts');
  const sharedModule = (file) => path.join(ROOT, 'shared', 'src', 'shared-modules', file);
  const stepAliases = Object.fromEntries(MODULES.map((m) => [`${STEP_SPECIFIER}/${m.name}$`, path.join(ROOT, m.folder, STEP_EXPOSE_FILE)]));
  return {
    ...config,
    output: { ...config.output, path: path.join(hostDir, 'dist-single') },
    resolve: {
      ...config.resolve,
      alias: {
        ...config.resolve.alias,
        ...stepAliases,
        ...FACE_ALIASES,
        // The modules the federated page shares under these names (tools/rspack-config.mjs sharedSingletons).
        zod$: sharedModule('zod.ts'),
        'react-router-dom$': sharedModule('router.ts'),
        // No federation runtime: only the kernel check, which never runs here, imports it.
        '@module-federation/enhanced/runtime$': path.join(ROOT, 'tools', 'single-bundle-runtime-stub.mjs'),
      },
    },
    module: { ...config.module, rules: [...config.module.rules, MAPLIBRE_URL_RULE] },
    plugins: [
      ...config.plugins.filter((p) => !(p instanceof ModuleFederationPlugin)),
      new rspack.NormalModuleReplacementPlugin(/[\\/]federation[\\/]remotes\.ts$/, (data) => {
        if (data.resource === federatedLoader) data.resource = bundledLoader;
        if (data.createData?.resource === federatedLoader) data.createData.resource = bundledLoader;
      }),
      new FaceAssetsPlugin(),
      maplibreWorkerPlugin(),
      new StepChunks(),
    ],
    ignoreWarnings: [...(config.ignoreWarnings ?? []), ...FACE_WARNINGS],
  };
}
