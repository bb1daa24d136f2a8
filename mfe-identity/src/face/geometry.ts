/**
 * The face scan's rules, pure (no DOM, no model): where the oval guide is in a video frame, what
 * a detection result means for the visitor (feedback), and the liveness challenge ("move a little
 * closer"). All sizes are in the video's own pixels, unmirrored (the preview is mirrored only on
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
 * (null when not). `allowClose`: during the challenge a face closer than TOO_CLOSE is what was
 * asked for, not a fault.
 */
export function feedbackFor(faces: readonly FaceBox[], oval: Oval, brightness: number | null = null, allowClose = false): Feedback {
  const real = realFaces(faces);
  if (real.length === 0) return brightness !== null && brightness < TOO_DARK ? 'too-dark' : 'no-face';
  if (real.length > 1) return 'many-faces';
  if (brightness !== null && brightness < TOO_DARK) return 'too-dark';
  const face = real[0]!;
  const scale = faceScale(face, oval);
  if (scale < TOO_FAR) return 'too-far';
  if (!allowClose && scale > TOO_CLOSE) return 'too-close';
  if (!isCentred(face, oval)) return 'not-centred';
  return 'good';
}

/** How much the face must grow from the challenge's start: 18 % taller. */
export const CLOSER_BY = 0.18;
/** Detections in a row that must show the grown face (one lucky frame is not a movement). */
export const CLOSER_FRAMES = 2;

/**
 * The "move a little closer" challenge: a moving person's face grows in the oval; a photo held
 * still does not. It starts from the face's scale when the visitor was well placed; the smallest
 * scale seen since then is the reference (stepping back first and then closer also counts).
 * Passed when the face, alone and centred, is CLOSER_BY taller than the reference for
 * CLOSER_FRAMES detections in a row.
 */
export interface Challenge {
  reference: number;
  streak: number;
  passed: boolean;
}

export function startChallenge(scale: number): Challenge {
  return { reference: scale, streak: 0, passed: false };
}

/** The challenge after one more detection: `feedback` with allowClose, `scale` of the one face. */
export function stepChallenge(c: Challenge, feedback: Feedback, scale: number | null): Challenge {
  if (c.passed) return c;
  if (feedback !== 'good' || scale === null) return { ...c, streak: 0 };
  const reference = Math.min(c.reference, scale);
  const grown = scale >= reference * (1 + CLOSER_BY);
  const streak = grown ? c.streak + 1 : 0;
  return { reference, streak, passed: streak >= CLOSER_FRAMES };
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
