import { createCanvas, type Image } from '@napi-rs/canvas';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Faces with @vladmandic/human (its Node build on TensorFlow.js's WebAssembly backend: no native
 * build) and the models it ships: BlazeFace finds faces, FaceMesh places their landmarks,
 * FaceRes describes them, and human.match.similarity compares two descriptions (0..1).
 */
export interface FoundFace {
  /** FaceRes's description (compared with `similarity`). */
  descriptor: number[];
  /** The face's box in the image's pixels: x, y, width, height. */
  box: readonly [number, number, number, number];
  /**
   * The face as a small grey picture, aligned on its eyes (PATCH x PATCH pixels, row by row):
   * two pictures of one photograph align to nearly the same pixels, two photographs do not
   * (copyScore).
   */
  patch: Float32Array;
}

export interface FaceEngine {
  /** Every face found in the image, largest first. */
  find(image: Image): Promise<FoundFace[]>;
  similarity(a: number[], b: number[]): number;
}

/** The aligned face picture's side, pixels. */
export const PATCH = 40;

/**
 * How alike two aligned face pictures are, pixel for pixel: the normalised cross-correlation of
 * the two (each less its mean), the better of the picture as it is and mirrored (a mirrored copy
 * is still a copy), -1..1. A copy of one photograph, however scaled, cropped, recompressed or
 * brightened, scores 0.92-0.99 on the fixtures; another photograph of the same person less
 * (sandboxes/README.md "Sandbox: identity authority").
 */
export function copyScore(a: Float32Array, b: Float32Array): number {
  return Math.max(ncc(a, b), ncc(a, mirrored(b)));
}

function mirrored(p: Float32Array): Float32Array {
  const out = new Float32Array(p.length);
  for (let y = 0; y < PATCH; y++) for (let x = 0; x < PATCH; x++) out[y * PATCH + x] = p[y * PATCH + (PATCH - 1 - x)] ?? 0;
  return out;
}

function ncc(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i] ?? 0;
    mb += b[i] ?? 0;
  }
  ma /= n;
  mb /= n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    const x = (a[i] ?? 0) - ma;
    const y = (b[i] ?? 0) - mb;
    num += x * y;
    da += x * x;
    db += y * y;
  }
  return da > 0 && db > 0 ? num / Math.sqrt(da * db) : 0;
}

/**
 * FaceMesh landmarks (MediaPipe's indices) the alignment rests on: the eyes' outer and inner
 * corners, the nose tip, the mouth's corners; and where each lands in the aligned picture
 * (0..1 of its side, as the picture shows them: the left one first).
 */
const ANCHORS: ReadonlyArray<readonly [number, number, number]> = [
  [33, 0.25, 0.35],
  [133, 0.42, 0.36],
  [362, 0.58, 0.36],
  [263, 0.75, 0.35],
  [1, 0.5, 0.58],
  [61, 0.36, 0.76],
  [291, 0.64, 0.76],
];

/**
 * The face's aligned grey picture: the similarity transform (turn, scale, shift) that puts the
 * landmarks closest to their places (least squares), applied to the image, read at PATCH x PATCH.
 * A mirrored face has its landmarks mirrored too: the transform is fitted both ways and the
 * better fit kept, so the picture always shows the face the same way round as its image.
 */
export function alignedPatch(image: Image, mesh: readonly (readonly number[])[]): Float32Array {
  const src: [number, number][] = [];
  const dst: [number, number][] = [];
  for (const [index, u, v] of ANCHORS) {
    const p = mesh[index];
    if (!p) continue;
    src.push([p[0] ?? 0, p[1] ?? 0]);
    dst.push([u * PATCH, v * PATCH]);
  }
  const { a, b, tx, ty } = fitSimilarity(src, dst);
  const canvas = createCanvas(PATCH, PATCH);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(a, b, -b, a, tx, ty);
  ctx.drawImage(image, 0, 0);
  const px = ctx.getImageData(0, 0, PATCH, PATCH).data;
  const grey = new Float32Array(PATCH * PATCH);
  for (let i = 0; i < grey.length; i++) grey[i] = 0.299 * (px[i * 4] ?? 0) + 0.587 * (px[i * 4 + 1] ?? 0) + 0.114 * (px[i * 4 + 2] ?? 0);
  return grey;
}

/** Least squares x' = a x - b y + tx, y' = b x + a y + ty (Umeyama's, without reflection). */
function fitSimilarity(src: readonly [number, number][], dst: readonly [number, number][]) {
  const n = src.length || 1;
  const mean = (pts: readonly [number, number][]) => pts.reduce<[number, number]>((m, p) => [m[0] + p[0] / n, m[1] + p[1] / n], [0, 0]);
  const [sx, sy] = mean(src);
  const [dx, dy] = mean(dst);
  let num1 = 0;
  let num2 = 0;
  let den = 0;
  src.forEach(([x, y], i) => {
    const [u, v] = dst[i] ?? [0, 0];
    const px = x - sx;
    const py = y - sy;
    const qx = u - dx;
    const qy = v - dy;
    num1 += px * qx + py * qy;
    num2 += px * qy - py * qx;
    den += px * px + py * py;
  });
  const a = den > 0 ? num1 / den : 1;
  const b = den > 0 ? num2 / den : 0;
  return { a, b, tx: dx - (a * sx - b * sy), ty: dy - (b * sx + a * sy) };
}

/** Calibrated on the fixtures (sandboxes/README.md): the same person scored 0.93-0.99; the other person 0.28-0.34 (the midpoint is about 0.63; 0.5 leaves room for real photos, which score the same person lower). */
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
  box: [number, number, number, number];
  mesh: number[][];
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
    async find(image) {
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
      let faces: HumanFace[];
      try {
        faces = (await human.detect(tensor)).face;
      } finally {
        tensor.dispose();
      }
      return faces
        .filter((f) => f.score >= 0.5 && f.embedding && f.embedding.length > 0)
        .map((f): FoundFace => {
          const [x, y, w, h] = f.box;
          return { descriptor: f.embedding ?? [], box: [x, y, w, h], patch: alignedPatch(image, f.mesh) };
        })
        .sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
    },
    similarity: (a, b) => human.match.similarity(a, b),
  };
}
