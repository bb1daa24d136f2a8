import { createCanvas, type Image } from '@napi-rs/canvas';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Faces with @vladmandic/human (its Node build on TensorFlow.js's WebAssembly backend: no native
 * build) and the models it ships: BlazeFace finds faces, FaceRes describes them, and
 * human.match.similarity compares two descriptions (0..1).
 */
export interface FaceEngine {
  /** Every face found in the image, as a description. */
  describe(image: Image): Promise<number[][]>;
  similarity(a: number[], b: number[]): number;
}

/** Calibrated on the fixtures (api/README.md): the same person scored 0.93-0.99; the other person 0.28-0.34 (the midpoint is about 0.63; 0.5 leaves room for real photos, which score the same person lower). */
export const MATCH_THRESHOLD = 0.5;

// human's Node build loads its models with fetch(); Node's fetch has no file: URLs. This serves
// those from disk (this runs in the authority's own thread, where nothing else fetches).
function allowFileFetch(): void {
  const original = globalThis.fetch;
  if ((original as { fileAware?: boolean }).fileAware) return;
  const fileAware = async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('file:')) return original(input, init);
    const body = await readFile(fileURLToPath(url));
    return new Response(body, { status: 200, headers: { 'content-type': url.endsWith('.json') ? 'application/json' : 'application/octet-stream' } });
  };
  globalThis.fetch = Object.assign(fileAware, { fileAware: true }) as typeof fetch;
}

interface HumanFace {
  score: number;
  embedding?: number[];
}
interface HumanLike {
  load(): Promise<void>;
  detect(input: unknown): Promise<{ face: HumanFace[] }>;
  match: { similarity(a: number[], b: number[]): number };
  tf: { tensor3d(values: Int32Array, shape: [number, number, number], dtype: 'int32'): { dispose(): void } };
}

export async function createFaceEngine(): Promise<FaceEngine> {
  allowFileFetch();
  const require = createRequire(import.meta.url);
  // The package's exports name its builds, not its package.json: find the folders from the files.
  // (its exports map is irregular: resolve the package's main build, the WASM one sits beside it).
  const humanDir = dirname(dirname(require.resolve('@vladmandic/human')));
  const humanBuild = join(humanDir, 'dist', 'human.node-wasm.js');
  const wasmDir = dirname(dirname(require.resolve('@tensorflow/tfjs-backend-wasm')));
  const { Human } = require(humanBuild) as { Human: new (config: object) => HumanLike };
  const human = new Human({
    backend: 'wasm',
    wasmPath: `${pathToFileURL(join(wasmDir, 'dist')).href}/`,
    modelBasePath: `${pathToFileURL(join(humanDir, 'models')).href}/`,
    debug: false,
    cacheModels: false,
    face: {
      enabled: true,
      detector: { maxDetected: 5, rotation: false, minConfidence: 0.5 },
      mesh: { enabled: true },
      iris: { enabled: false },
      description: { enabled: true },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  });
  await human.load();
  return {
    async describe(image) {
      const canvas = createCanvas(image.width, image.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(image, 0, 0);
      const rgba = ctx.getImageData(0, 0, image.width, image.height).data;
      const rgb = new Int32Array(image.width * image.height * 3);
      for (let i = 0, j = 0; i < rgba.length; i += 4) {
        rgb[j++] = rgba[i] ?? 0;
        rgb[j++] = rgba[i + 1] ?? 0;
        rgb[j++] = rgba[i + 2] ?? 0;
      }
      const tensor = human.tf.tensor3d(rgb, [image.height, image.width, 3], 'int32');
      try {
        const result = await human.detect(tensor);
        return result.face.filter((f) => f.score >= 0.5 && f.embedding && f.embedding.length > 0).map((f) => f.embedding ?? []);
      } finally {
        tensor.dispose();
      }
    },
    similarity: (a, b) => human.match.similarity(a, b),
  };
}
