import type { FacePrompt } from './protocol';

/**
 * The live challenge, read on the frames the authority receives: the face must move
 * as the prompt asked, from the first frame (before the movement) through the middle ones to the
 * last (after it). Boxes are in the camera's own picture (unmirrored), so the visitor's "left"
 * moves the face to the picture's right (+x).
 *
 * The page asks for more (18 % taller; a third of a face's width sideways) than this accepts, so
 * that the two detectors (the page's BlazeFace box and this FaceMesh box) disagreeing a little
 * does not refuse an honest movement; a still photo, or a movement the other way, moves nothing.
 */
export type Box = readonly [number, number, number, number];

/** Closer / farther: the face's width changes by at least this share, first frame to last. */
export const MIN_SCALE_CHANGE = 0.12;
/** Left / right: the face's centre moves by at least this share of its width. */
export const MIN_SHIFT = 0.2;
/** Between two frames in a row, a movement back by this much (jitter) is tolerated, no more. */
const JITTER = 0.08;

export function followsPrompt(prompt: FacePrompt, boxes: readonly Box[]): boolean {
  const first = boxes[0];
  const last = boxes.at(-1);
  if (!first || !last || boxes.length < 2) return false;
  const width = (b: Box) => b[2];
  const centre = (b: Box) => b[0] + b[2] / 2;
  const meanWidth = boxes.reduce((s, b) => s + width(b), 0) / boxes.length;
  const steps = boxes.slice(1).map((b, i) => [boxes[i] as Box, b] as const);
  switch (prompt) {
    case 'closer':
      return width(last) >= width(first) * (1 + MIN_SCALE_CHANGE) && steps.every(([a, b]) => width(b) >= width(a) * (1 - JITTER));
    case 'farther':
      return width(first) >= width(last) * (1 + MIN_SCALE_CHANGE) && steps.every(([a, b]) => width(b) <= width(a) * (1 + JITTER));
    case 'left':
      return centre(last) - centre(first) >= MIN_SHIFT * meanWidth && steps.every(([a, b]) => centre(b) >= centre(a) - JITTER * meanWidth);
    case 'right':
      return centre(first) - centre(last) >= MIN_SHIFT * meanWidth && steps.every(([a, b]) => centre(b) <= centre(a) + JITTER * meanWidth);
  }
}
