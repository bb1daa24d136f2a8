import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { rspack } from '@rspack/core';
import { createRemoteConfig } from '../tools/rspack-config.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The face scan's model and WebAssembly backend (src/face/assets.ts), copied from their packages
 * into the build output with content-hashed names: the product serves them itself, cached for a
 * year (api/src/static: hashed names are immutable). Only the face detector (blazeface) of
 * @vladmandic/human's models; the three tfjs-backend-wasm binaries (the browser picks one: SIMD
 * here, plain without SIMD, threaded only in a cross-origin-isolated page). The model JSON names
 * its weights file, so that name is rewritten to the hashed one. The .wasm and .bin files get
 * .br/.gz copies like the scripts (tools/precompress.mjs handles the text files).
 */
export function faceAssets() {
  // Both are this package's own dependencies (pnpm links them here); human's exports map hides its package.json.
  const human = path.join(here, 'node_modules', '@vladmandic', 'human');
  const wasmDir = path.join(here, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist');
  const hash = (data) => createHash('sha256').update(data).digest('hex').slice(0, 8);
  const files = [];

  const bin = readFileSync(path.join(human, 'models', 'blazeface.bin'));
  const binName = `blazeface.${hash(bin)}.bin`;
  const model = JSON.parse(readFileSync(path.join(human, 'models', 'blazeface.json'), 'utf8'));
  for (const group of model.weightsManifest) group.paths = group.paths.map((p) => (p === 'blazeface.bin' ? binName : p));
  const json = Buffer.from(JSON.stringify(model));
  const jsonName = `blazeface.${hash(json)}.json`;
  // The weights compress by a third (gzip); the JSON is compressed with the scripts (tools/precompress.mjs).
  files.push({ name: binName, data: bin, compress: true }, { name: jsonName, data: json });

  const wasm = {};
  for (const name of ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm']) {
    const data = readFileSync(path.join(wasmDir, name));
    wasm[name] = `${name.replace(/\.wasm$/, '')}.${hash(data)}.wasm`;
    files.push({ name: wasm[name], data, compress: true });
  }
  return { names: { detector: jsonName, wasm }, files };
}

/** Emits faceAssets()'s files and defines __FACE_ASSETS__ (their names) for src/face/assets.ts. */
export class FaceAssetsPlugin {
  constructor() {
    this.assets = faceAssets();
  }

  apply(compiler) {
    new rspack.DefinePlugin({ __FACE_ASSETS__: JSON.stringify(this.assets.names) }).apply(compiler);
    compiler.hooks.thisCompilation.tap('FaceAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FaceAssetsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const { name, data, compress } of this.assets.files) {
          compilation.emitAsset(name, new rspack.sources.RawSource(data));
          if (compress && compiler.options.mode === 'production') {
            compilation.emitAsset(`${name}.br`, new rspack.sources.RawSource(brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })));
            compilation.emitAsset(`${name}.gz`, new rspack.sources.RawSource(gzipSync(data, { level: 9 })));
          }
        }
      });
    });
  }
}

/**
 * human's build without tfjs (human.esm-nobundle.js, src/face/detector.ts) imports tfjs by deep
 * paths that pnpm cannot resolve from human's own folder: they point at this package's tfjs 4.22
 * (core, converter, cpu, wasm: one copy each, the same the wasm backend registers with), and the
 * WebGL and WebGPU backends, never used here, at an empty module.
 */
const tf = (pkg) => path.join(here, 'node_modules', '@tensorflow', pkg, 'dist', 'index.js');
const unused = path.join(here, 'src', 'face', 'tfjs-unused-backend.ts');
export const FACE_ALIASES = {
  // human's exports map lists this build under a key without "./", which resolvers ignore.
  '@vladmandic/human/dist/human.esm-nobundle$': path.join(here, 'node_modules', '@vladmandic', 'human', 'dist', 'human.esm-nobundle.js'),
  '@tensorflow/tfjs-core/dist/index.js$': tf('tfjs-core'),
  '@tensorflow/tfjs-converter/dist/index.js$': tf('tfjs-converter'),
  '@tensorflow/tfjs-backend-cpu/dist/index.js$': tf('tfjs-backend-cpu'),
  '@tensorflow/tfjs-backend-wasm/dist/index.js$': tf('tfjs-backend-wasm'),
  '@tensorflow/tfjs-backend-webgl/dist/index.js$': unused,
  '@tensorflow/tfjs-backend-webgpu/dist/index.js$': unused,
};

/**
 * human and tfjs's WASM glue mention __filename / __dirname in their Node-only branches; Rspack mocks
 * them (right for a browser) and says so on every build.
 */
export const FACE_WARNINGS = [{ module: /@vladmandic[\\/]human|@tensorflow[\\/]tfjs-/, message: /"__(file|dir)name" is used and has been mocked/ }];

// Container name and dev port: this folder's entry in the module registry (shared/src/modules/registry.json).
const config = createRemoteConfig({ dir: here });
config.plugins.push(new FaceAssetsPlugin());
config.ignoreWarnings = [...(config.ignoreWarnings ?? []), ...FACE_WARNINGS];
config.resolve.alias = { ...config.resolve.alias, ...FACE_ALIASES };
export default config;
