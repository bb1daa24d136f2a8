import { createCanvas, loadImage, type Image } from '@napi-rs/canvas';
import type { FacePrompt } from '../authority/protocol';

/**
 * Test support: camera frames that follow a face challenge's prompt, made from one still (a
 * selfie, or for an attack a document page): the still drawn into 640 x 480 frames (the camera's
 * picture, unmirrored), moving as the prompt asks. "left" and "right" are the visitor's: moving to
 * their left, the face moves to the picture's right (+x) in an unmirrored frame.
 *
 * `crop` draws only that part of the still (a document's portrait, say); `scale` how large it is
 * drawn at the start (1: its own size).
 */
export interface FramesOptions {
  crop?: readonly [number, number, number, number];
  scale?: number;
  /** How far the movement goes: 1 a comfortable movement (default); 0 a still photo. */
  amount?: number;
  quality?: number;
}

const STEPS = [0, 0.5, 1] as const;

export async function promptFrames(still: Buffer | Image, prompt: FacePrompt, options: FramesOptions = {}): Promise<Buffer[]> {
  const image = Buffer.isBuffer(still) ? await loadImage(still) : still;
  const [sx, sy, sw, sh] = options.crop ?? [0, 0, image.width, image.height];
  const base = options.scale ?? Math.min(1, 460 / sh, 620 / sw);
  const amount = options.amount ?? 1;
  return STEPS.map((step) => {
    const k = step * amount;
    const zoom = prompt === 'closer' ? 1 + 0.35 * k : prompt === 'farther' ? 1 / (1 + 0.35 * k) : 1;
    const shift = prompt === 'left' ? 110 * k : prompt === 'right' ? -110 * k : 0;
    const w = sw * base * zoom;
    const h = sh * base * zoom;
    const canvas = createCanvas(640, 480);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#a39a8a';
    ctx.fillRect(0, 0, 640, 480);
    ctx.drawImage(image, sx, sy, sw, sh, 320 + shift - w / 2, 240 - h / 2, w, h);
    return canvas.encodeSync('jpeg', options.quality ?? 85);
  });
}
