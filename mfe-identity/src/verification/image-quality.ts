/**
 * Quality hints for a captured document photo, computed in the browser on the frame itself
 * (pure functions over RGBA pixels, no DOM). They are hints: the visitor may still send the
 * photo, and the authority decides (SPEC 8 -606/-608 retry scan). Thresholds were chosen on
 * synthetic frames (the tests): a photo in ordinary indoor light passes all three.
 */
export type QualityHint = 'dark' | 'glare' | 'blurry';

export interface Pixels {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

/** Mean luminance (0-255) under this: too dark to read. */
export const DARK_MEAN = 60;
/** A pixel this bright (0-255) is near white: a reflection on the laminate, not paper. */
export const GLARE_LEVEL = 250;
/** More than this share of near-white pixels: glare over part of the document. */
export const GLARE_SHARE = 0.08;
/** Variance of the Laplacian under this (on the downscaled grey image): blurred. */
export const BLUR_VARIANCE = 60;
/** The blur measure runs on an image this wide at most: steady across camera resolutions, fast. */
export const ANALYSIS_WIDTH = 320;

/** Grey levels (Rec. 601 luma) of RGBA pixels. */
export function toGrey({ data, width, height }: Pixels): Float32Array {
  const grey = new Float32Array(width * height);
  for (let i = 0, p = 0; p < grey.length; i += 4, p += 1) {
    grey[p] = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  }
  return grey;
}

/** A grey image downscaled by box averaging so that it is at most `maxWidth` wide. */
export function downscaleGrey(grey: Float32Array, width: number, height: number, maxWidth = ANALYSIS_WIDTH): { grey: Float32Array; width: number; height: number } {
  const factor = Math.max(1, Math.ceil(width / maxWidth));
  if (factor === 1) return { grey, width, height };
  const w = Math.floor(width / factor);
  const h = Math.floor(height / factor);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy += 1) {
        const row = (y * factor + dy) * width + x * factor;
        for (let dx = 0; dx < factor; dx += 1) sum += grey[row + dx]!;
      }
      out[y * w + x] = sum / (factor * factor);
    }
  }
  return { grey: out, width: w, height: h };
}

export function meanLuminance(grey: Float32Array): number {
  if (grey.length === 0) return 0;
  let sum = 0;
  for (const v of grey) sum += v;
  return sum / grey.length;
}

/** Share (0-1) of pixels at or above GLARE_LEVEL. */
export function glareShare(grey: Float32Array): number {
  if (grey.length === 0) return 0;
  let bright = 0;
  for (const v of grey) if (v >= GLARE_LEVEL) bright += 1;
  return bright / grey.length;
}

/** Variance of the 4-neighbour Laplacian over the inner pixels: low when edges are soft (blur). */
export function laplacianVariance(grey: Float32Array, width: number, height: number): number {
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const lap = grey[i - width]! + grey[i + width]! + grey[i - 1]! + grey[i + 1]! - 4 * grey[i]!;
      sum += lap;
      sumSq += lap * lap;
      n += 1;
    }
  }
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

/** The hints for a frame, in the order they are shown (light first: it also causes blur). */
export function qualityHints(pixels: Pixels): QualityHint[] {
  const grey = toGrey(pixels);
  const hints: QualityHint[] = [];
  if (meanLuminance(grey) < DARK_MEAN) hints.push('dark');
  if (glareShare(grey) > GLARE_SHARE) hints.push('glare');
  const small = downscaleGrey(grey, pixels.width, pixels.height);
  if (laplacianVariance(small.grey, small.width, small.height) < BLUR_VARIANCE) hints.push('blurry');
  return hints;
}
