/**
 * Where the face model and the WebAssembly backend are served: copied from the packages into
 * the identity remote's build output with content-hashed names (rspack.config.mjs, FaceAssets
 * plugin), next to the remote's own chunks, so the product serves them itself (nothing from a
 * CDN) and browsers cache them for a year. The build defines the names (__FACE_ASSETS__); the
 * remote's public path (where its remoteEntry was loaded from) makes them URLs.
 */
export interface FaceAssetNames {
  /** The face detector's model JSON (its weights file is named inside it). */
  detector: string;
  /** tfjs-backend-wasm's binaries by their package names. */
  wasm: Readonly<Record<string, string>>;
}

declare const __FACE_ASSETS__: FaceAssetNames | undefined;
declare const __webpack_public_path__: string | undefined;

/** Unhashed names, for a run outside the build (tests). */
const UNBUILT: FaceAssetNames = {
  detector: 'blazeface.json',
  wasm: {
    'tfjs-backend-wasm.wasm': 'tfjs-backend-wasm.wasm',
    'tfjs-backend-wasm-simd.wasm': 'tfjs-backend-wasm-simd.wasm',
    'tfjs-backend-wasm-threaded-simd.wasm': 'tfjs-backend-wasm-threaded-simd.wasm',
  },
};

function publicPath(): string {
  try {
    return typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '';
  } catch {
    return '';
  }
}

export interface FaceAssetUrls {
  detector: string;
  wasm: Record<string, string>;
}

export function faceAssetUrls(base: string = publicPath()): FaceAssetUrls {
  const names = typeof __FACE_ASSETS__ === 'object' && __FACE_ASSETS__ ? __FACE_ASSETS__ : UNBUILT;
  const url = (name: string) => `${base}${name}`;
  return {
    detector: url(names.detector),
    wasm: Object.fromEntries(Object.entries(names.wasm).map(([k, v]) => [k, url(v)])),
  };
}
