// The canvas library and the repository's root, for the identity fixture scripts.
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// @napi-rs/canvas is a devDependency of @join/e2e, the package that uses the fixtures.
const require = createRequire(join(root, 'e2e', 'package.json'));
export const { createCanvas, loadImage, GlobalFonts } = require('@napi-rs/canvas');

/** A canvas of w x h and its 2D context. */
export function canvas(w, h) {
  const c = createCanvas(w, h);
  return { c, ctx: c.getContext('2d') };
}

/** A seeded generator (mulberry32): the same seed, the same numbers. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
