import type { Human as HumanClass } from '@vladmandic/human';
import type { FaceBox } from './geometry';
import { faceAssetUrls } from './assets';

/** The face model could not be loaded (its chunk, the WebAssembly backend or the weights). */
export class ModelLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ModelLoadError';
  }
}

export interface FaceDetector {
  /** The faces in the video's current frame, in video pixels. */
  detect(video: HTMLVideoElement): Promise<FaceBox[]>;
}

/** At most this many faces are looked for: two are enough to say "only you". */
const MAX_FACES = 3;

/**
 * Loads @vladmandic/human (its own lazy chunk: human's build without tfjs, plus tfjs core,
 * converter and the cpu and wasm backends; rspack.config.mjs leaves WebGL and WebGPU out) on the WebAssembly backend with
 * only the face detector (blazeface): no mesh, iris, emotion, description, body, hand or gesture.
 * The model and the .wasm files come from our own origin (assets.ts). Human logs rather than
 * throws when a model fails, so the detector's presence is checked here.
 */
export async function loadFaceDetector(): Promise<FaceDetector> {
  let Human: typeof HumanClass;
  try {
    // Not a package export (an alias in rspack.config.mjs): TypeScript takes the types above.
    // @ts-expect-error -- no declaration for the deep path
    ({ Human } = await import(/* webpackChunkName: "face-human" */ '@vladmandic/human/dist/human.esm-nobundle'));
  } catch (err) {
    throw new ModelLoadError('the face detection code did not load', { cause: err });
  }
  const assets = faceAssetUrls();
  const human = new Human({
    backend: 'wasm',
    // setWasmPaths takes a map of binary name -> URL (our hashed names); human passes it on as is.
    wasmPath: assets.wasm as unknown as string,
    modelBasePath: '',
    // The HTTP cache keeps the hashed files a year; nothing of the visitor's goes into IndexedDB.
    cacheModels: false,
    debug: false,
    warmup: 'none',
    // Every frame is looked at afresh: the challenge measures movement between frames.
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: false },
    gesture: { enabled: false },
    face: {
      enabled: true,
      detector: { modelPath: assets.detector, rotation: false, maxDetected: MAX_FACES, minConfidence: 0.3, skipFrames: 0, skipTime: 0, return: false },
      mesh: { enabled: false },
      attention: { enabled: false },
      iris: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
  });
  try {
    await human.load();
  } catch (err) {
    throw new ModelLoadError('the face model did not load', { cause: err });
  }
  // A model whose weights failed still counts as "loaded" in human's list, with no bytes.
  const detector = human.models.list().find((m) => m.name === 'blazeface');
  const backend = human.tf.getBackend();
  if (backend !== 'wasm' || !detector?.loaded || !(detector.size > 0)) {
    throw new ModelLoadError(`the face model did not load (backend ${String(backend)}, detector ${detector?.size ?? 0} bytes)`);
  }
  // The first detection sets up the backend's kernels (a few hundred ms): done here, while the
  // camera settles, rather than on the visitor's first frame.
  try {
    const blank = document.createElement('canvas');
    blank.width = 640;
    blank.height = 480;
    await human.detect(blank);
  } catch {
    // A warm-up is an optimisation only.
  }
  return {
    async detect(video) {
      const result = await human.detect(video);
      if (result.error) throw new Error(result.error);
      return result.face.map((f) => ({ x: f.box[0], y: f.box[1], width: f.box[2], height: f.box[3], score: f.score }));
    },
  };
}

/** One detector for the page: loaded by the first scan, reused by the next; forgotten when it failed. */
let detectorPromise: Promise<FaceDetector> | null = null;
export function detectorOnce(): Promise<FaceDetector> {
  detectorPromise ??= loadFaceDetector().catch((err: unknown) => {
    detectorPromise = null;
    throw err;
  });
  return detectorPromise;
}

/** Tests: the next scan loads the detector again. */
export function forgetFaceDetector(): void {
  detectorPromise = null;
}
