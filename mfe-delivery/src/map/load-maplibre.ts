import type * as Maplibre from 'maplibre-gl';

export type MaplibreModule = typeof Maplibre;

declare const __webpack_public_path__: string | undefined;

/** Where this remote's files are served (the build's public path: next to its remoteEntry.js). */
const ownAssets = (): string => (typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '/');

let loading: Promise<MaplibreModule> | null = null;

/**
 * maplibre-gl and its CSS, loaded only by the screens that show a map (their own chunk, never in
 * the step's first download). Its worker is served from this remote's own files (copied there by
 * rspack.config.mjs under the library's version, as .js so the build precompresses it): a bundle cannot find it beside the library.
 */
export function loadMaplibre(): Promise<MaplibreModule> {
  loading ??= Promise.all([import('maplibre-gl'), import('./maplibre-css')]).then(([m]) => {
    m.setWorkerUrl(new URL(`maplibre-gl-worker-${m.getVersion()}.js`, new URL(ownAssets(), window.location.href)).href);
    return m;
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Whether this browser can draw WebGL at all (off in some browsers' settings, missing on old devices). */
export function hasWebGL(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}
