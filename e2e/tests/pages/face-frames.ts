import { readFileSync } from 'node:fs';
import { fixture } from './fixtures';

/**
 * Frames for the face challenge taken from a camera feed of e2e/fixtures/identity, the
 * same frames Chromium's fake camera plays to the page: a prepared visitor answers the server's
 * prompt as the page would, with three frames that follow it (the first before the movement, the
 * last after it), and nothing the page would not send.
 *
 * The live feeds (camera-selfie-*.mjpeg, scripts/make-identity-documents.mjs `live`) are 48
 * frames in which the face comes closer and goes back (width 150 + 90 (1 - cos 2πi/48) / 2 px)
 * while it sways across the picture (centre 320 + 85 sin 2πi/48 px). In the camera's own picture
 * (unmirrored, as sent) the visitor's left is the picture's right.
 */
export type FacePrompt = 'closer' | 'farther' | 'left' | 'right';

/** Which frames of a live feed follow each prompt, in order. */
export const FRAMES_FOR: Readonly<Record<FacePrompt, readonly [number, number, number]>> = {
  // Width 152 -> 183 -> 234 px.
  closer: [2, 10, 20],
  // Width 234 -> 183 -> 152 px.
  farther: [28, 38, 46],
  // Centre 235 -> 277 -> 362 px: to the picture's right, the visitor's left.
  left: [36, 44, 4],
  // Centre 405 -> 362 -> 278 px.
  right: [12, 20, 28],
};

/** The JPEG frames of an MJPEG file (JPEGs one after the other). */
export function mjpegFrames(bytes: Buffer): Buffer[] {
  const frames: Buffer[] = [];
  for (let start = 0; start < bytes.length; ) {
    const end = bytes.indexOf(Buffer.from([0xff, 0xd9]), start);
    if (end < 0) break;
    frames.push(bytes.subarray(start, end + 2));
    start = end + 2;
  }
  return frames;
}

export function framesFor(feed: string, prompt: FacePrompt): Buffer[] {
  const frames = mjpegFrames(readFileSync(fixture(feed)));
  if (frames.length !== 48) throw new Error(`${feed}: ${frames.length} frames, not the live feed's 48`);
  return FRAMES_FOR[prompt].map((i) => frames[i] as Buffer);
}
