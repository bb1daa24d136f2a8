import type { FacePrompt } from '@join/shared/identity';

/**
 * The face scan's rules, pure (no DOM, no model): where the oval guide is in a video frame, what
 * a detection result means for the visitor (feedback), and the live challenge (the server's
 * prompt: closer, back, to the left or right). All sizes are in the video's own pixels, unmirrored (the preview is mirrored only on
 * screen, so "centred" does not depend on it).
 */

/** One face the detector found: its box in video pixels and its confidence (0-1). */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

/** The oval guide drawn over the video, in the same pixels: centre and radii. */
export interface Oval {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

/** What the visitor is told, one at a time, most important first. */
export type Feedback = 'no-face' | 'many-faces' | 'too-dark' | 'too-far' | 'too-close' | 'not-centred' | 'good';

/**
 * The oval for a frame: upright, 3:4, its height 70 % of the frame's height (or of what a 3:4
 * portrait crop of a narrow frame allows), centred. A head at a comfortable arm's length fills it.
 */
export function ovalFor(width: number, height: number): Oval {
  const ry = (0.7 * Math.min(height, (width * 4) / 3)) / 2;
  return { cx: width / 2, cy: height / 2, rx: ry * 0.75, ry };
}

/** Faces below this confidence are noise (a poster's corner, a shadow), not a second person. */
export const MIN_FACE_SCORE = 0.5;
/** The face box's height against the oval's: under this it is too far. */
export const TOO_FAR = 0.42;
/**
 * Over this it is too close to start the challenge: the visitor needs room to move closer.
 * Blazeface's box spans brow to chin, about 0.6 of the oval a head fills.
 */
export const TOO_CLOSE = 0.85;
/** The box centre may be off the oval's centre by this share of the oval's width / height. */
export const CENTRE_TOLERANCE = 0.22;
/** Mean luminance (0-255) under which the picture is too dark for a good photo. */
export const TOO_DARK = 45;

/** The faces worth counting, largest first. */
export function realFaces(faces: readonly FaceBox[]): FaceBox[] {
  return faces.filter((f) => f.score >= MIN_FACE_SCORE).sort((a, b) => b.width * b.height - a.width * a.height);
}

/** How big the face is in the oval: its box height over the oval's height (1 = as tall as the oval). */
export function faceScale(face: FaceBox, oval: Oval): number {
  return face.height / (2 * oval.ry);
}

/** Whether the face's centre is within the tolerance of the oval's centre. */
export function isCentred(face: FaceBox, oval: Oval): boolean {
  const dx = Math.abs(face.x + face.width / 2 - oval.cx) / (2 * oval.rx);
  const dy = Math.abs(face.y + face.height / 2 - oval.cy) / (2 * oval.ry);
  return dx <= CENTRE_TOLERANCE && dy <= CENTRE_TOLERANCE;
}

/**
 * The feedback for one detection. `brightness` is the frame's mean luminance when measured
 * (null when not). During the challenge (`challenge` true) the face is asked to move (closer,
 * back, to one side): only what makes the frames useless (no face, more than one, too dark)
 * is a fault.
 */
export function feedbackFor(faces: readonly FaceBox[], oval: Oval, brightness: number | null = null, challenge = false): Feedback {
  const real = realFaces(faces);
  if (real.length === 0) return brightness !== null && brightness < TOO_DARK ? 'too-dark' : 'no-face';
  if (real.length > 1) return 'many-faces';
  if (brightness !== null && brightness < TOO_DARK) return 'too-dark';
  if (challenge) return 'good';
  const face = real[0]!;
  const scale = faceScale(face, oval);
  if (scale < TOO_FAR) return 'too-far';
  if (scale > TOO_CLOSE) return 'too-close';
  if (!isCentred(face, oval)) return 'not-centred';
  return 'good';
}

/**
 * The live challenge: the server's prompt, which the visitor follows. The prompts
 * are the visitor's: "left" is to their left, which in the camera's own picture (unmirrored, as
 * the detector sees it and as the frames are sent) moves the face to the right (+x); the
 * mirrored preview shows it moving to the left, as in a mirror.
 */
export type { FacePrompt };

/** Closer / farther: the face's height changes by this share (18 %) from the reference. */
export const CLOSER_BY = 0.18;
/** Left / right: the face's centre moves by this share of its width from the reference. */
export const SIDEWAYS_BY = 0.4;
/** Detections in a row that must show the movement done (one lucky frame is not a movement). */
export const CLOSER_FRAMES = 2;
/** The middle frame is the first past this share of the movement. */
export const MIDDLE_AT = 0.5;
/**
 * Without a frame between the middle and the furthest (the face got there between two
 * detections), a frame held within this share of the furthest serves as the last.
 */
export const HOLD_SLACK = 0.15;

/**
 * The challenge's state: the reference is the most extreme position seen since the challenge
 * started, the other way from the prompt's (the smallest face for "closer", the leftmost picture
 * position for "left"...: stepping the other way first, then as asked, also counts). `progress`
 * is the share of the movement done from the reference (1: done).
 */
export interface Challenge {
  prompt: FacePrompt;
  reference: number;
  progress: number;
  streak: number;
  passed: boolean;
}

/** What the prompt measures of a face: its size in the oval, or its centre in face widths across the picture. */
export function measureFor(prompt: FacePrompt, face: FaceBox, oval: Oval): number {
  return prompt === 'closer' || prompt === 'farther' ? faceScale(face, oval) : (face.x + face.width / 2) / face.width;
}

/** How far from the reference `value` is, as a share of the movement asked (may be negative). */
export function progressOf(prompt: FacePrompt, reference: number, value: number): number {
  switch (prompt) {
    case 'closer':
      return (value / reference - 1) / CLOSER_BY;
    case 'farther':
      return (reference / value - 1) / CLOSER_BY;
    case 'left':
      return (value - reference) / SIDEWAYS_BY;
    case 'right':
      return (reference - value) / SIDEWAYS_BY;
  }
}

export function startChallenge(prompt: FacePrompt, value: number): Challenge {
  return { prompt, reference: value, progress: 0, streak: 0, passed: false };
}

/**
 * The challenge after one more detection: `feedback` (with challenge true) and the prompt's
 * measure of the one face (null without one). `newReference` tells the caller to keep this frame
 * as the movement's first.
 */
export function stepChallenge(c: Challenge, feedback: Feedback, value: number | null): Challenge & { newReference: boolean } {
  if (feedback !== 'good' || value === null) return { ...c, streak: 0, newReference: false };
  // Passed stays passed (and its reference with it); the progress follows the face.
  if (c.passed) return { ...c, progress: progressOf(c.prompt, c.reference, value), newReference: false };
  const newReference = progressOf(c.prompt, c.reference, value) < 0;
  const reference = newReference ? value : c.reference;
  const progress = progressOf(c.prompt, reference, value);
  const streak = progress >= 1 ? c.streak + 1 : 0;
  return { prompt: c.prompt, reference, progress, streak, passed: streak >= CLOSER_FRAMES, newReference };
}

/** Mean luminance (Rec. 601) of RGBA pixels, 0-255. */
export function meanLuminance(rgba: ArrayLike<number>): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i + 2 < rgba.length; i += 4) {
    sum += 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
    n++;
  }
  return n ? sum / n : 0;
}

/**
 * Detections per second over a sliding window of timestamps (ms): what the perf script reads.
 * Returns the kept window and the rate (null until two detections are in it).
 */
export function rateOver(times: readonly number[], now: number, windowMs = 3000): { times: number[]; perSecond: number | null } {
  const kept = [...times, now].filter((t) => now - t <= windowMs);
  if (kept.length < 2) return { times: kept, perSecond: null };
  const span = kept[kept.length - 1]! - kept[0]!;
  return { times: kept, perSecond: span > 0 ? ((kept.length - 1) * 1000) / span : null };
}
