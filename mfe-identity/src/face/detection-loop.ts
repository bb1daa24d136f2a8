import { brightnessReader, encodeJpeg, snapshot } from '../camera';
import { ChallengeFrames } from './challenge-frames';
import type { FaceDetector } from './detector';
import { feedbackFor, meanLuminance, measureFor, ovalFor, rateOver, realFaces, type FacePrompt, type Feedback } from './geometry';
import type { FaceCapture, FaceChallenge, Phase } from './scan-types';

/** Detections in a row that must be "good" before the challenge starts. */
const GOOD_FRAMES = 2;
/** Detections in a row without the one face that send the challenge back to positioning. */
const LOST_FRAMES = 6;
/** The brightness is read every this many detections. */
const BRIGHTNESS_EVERY = 5;

const nextFrame = (fn: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(fn);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(fn, 16);
  return () => clearTimeout(id);
};

/** What the loop reads: the playing video, the loaded detector, and when the frames are worth reading. */
export interface LoopInput {
  video: HTMLVideoElement;
  detector: FaceDetector;
  /** performance.now() from which detections count (the first frames are black or half exposed). */
  readyAt: number;
  /** The scan's root element: the loop writes its data-* measurements, prompt and progress there. */
  root: HTMLElement | null;
  /** When the attempt started (read for data-first-feedback-ms). */
  timing: { mountedAt?: number };
}

/** What the loop tells the scan, and what it asks of it. */
export interface LoopHooks {
  setPhase: (phase: Phase) => void;
  setFeedback: (feedback: Feedback) => void;
  /** The prompt is on screen from now on. */
  setPrompt: (prompt: FacePrompt) => void;
  /** Turns the camera off (the frames are taken, or there is no challenge). */
  cameraOff: () => void;
  /** The attempt ended without a result ("Try again"). */
  captureFailed: () => void;
  getChallenge: () => Promise<FaceChallenge>;
  onCapture: (capture: FaceCapture) => void | Promise<void>;
}

/**
 * The detection loop of positioning and challenge: one detection at a time, the next on the next
 * animation frame. Feedback on each; two good ones in a row ask for the server's challenge, whose
 * prompt is then followed (ChallengeFrames) until its three frames go to onCapture. Returns stop.
 */
export function runDetectionLoop({ video, detector, readyAt, root, timing }: LoopInput, hooks: LoopHooks): () => void {
  let stopped = false;
  let cancelNext = () => {};
  let times: number[] = [];
  let detectMs = 0;
  let count = 0;
  let brightness: number | null = null;
  let good = 0;
  let lost = 0;
  const challenge = new ChallengeFrames();
  /** The server's challenge: asked for once the face is well placed, then followed. */
  let issued: FaceChallenge | null = null;
  let asking = false;
  const readBrightness = brightnessReader();

  const finish = async (kept: (HTMLCanvasElement | null)[]) => {
    hooks.setPhase('sending');
    const nonce = issued?.nonce;
    let frames: Blob[];
    try {
      if (!nonce || kept.some((f) => f === null)) throw new Error('frames missing');
      frames = await Promise.all(kept.map((f) => encodeJpeg(f as HTMLCanvasElement)));
    } catch {
      hooks.setPhase('positioning');
      return;
    }
    // The frames are taken: the camera goes off while they are checked (its light too).
    hooks.cameraOff();
    try {
      await hooks.onCapture({ nonce, frames });
    } catch {
      // The caller explains its own failures (problem); the visitor can always try again.
      hooks.captureFailed();
    }
    hooks.setPhase('sent');
  };

  /** The challenge from the server; the loop goes on meanwhile (the feedback stays live). */
  const ask = () => {
    asking = true;
    hooks
      .getChallenge()
      .then((c) => {
        // Shown from the next detection on, whose frame is the movement's first.
        if (!stopped) issued = c;
      })
      .catch(() => {
        if (stopped) return;
        stopped = true;
        cancelNext();
        hooks.cameraOff();
        hooks.captureFailed();
        hooks.setPhase('sent');
      });
  };

  /** Brightness, every BRIGHTNESS_EVERY detections (null when it cannot be read). */
  const measureBrightness = () => {
    if (count % BRIGHTNESS_EVERY !== 1) return;
    try {
      const pixels = readBrightness(video);
      brightness = pixels ? meanLuminance(pixels) : null;
    } catch {
      brightness = null;
    }
  };

  /** The measurements the perf script reads from the root. */
  const record = (started: number, now: number) => {
    count++;
    detectMs += now - started;
    const rate = rateOver(times, now);
    times = rate.times;
    if (root && rate.perSecond !== null) root.dataset.detectionsPerSecond = rate.perSecond.toFixed(1);
    if (root) root.dataset.detectMs = (detectMs / count).toFixed(0);
  };

  const tick = async () => {
    if (stopped) return;
    if (performance.now() < readyAt || video.readyState < 2) {
      cancelNext = nextFrame(() => void tick());
      return;
    }
    const started = performance.now();
    let faces;
    try {
      faces = await detector.detect(video);
    } catch {
      faces = null; // one bad frame: try the next
    }
    if (stopped) return;
    const now = performance.now();
    if (faces) {
      record(started, now);
      measureBrightness();
      const oval = ovalFor(video.videoWidth, video.videoHeight);
      const fb = feedbackFor(faces, oval, brightness, challenge.started || asking);
      const one = realFaces(faces)[0];
      hooks.setFeedback(fb);
      if (root && !root.dataset.firstFeedbackMs && timing.mountedAt !== undefined) {
        root.dataset.firstFeedbackMs = (now - timing.mountedAt).toFixed(0);
      }
      if (!asking) {
        good = fb === 'good' ? good + 1 : 0;
        if (good >= GOOD_FRAMES && one) {
          ask();
          hooks.setPhase('challenge');
        }
      } else {
        lost = fb === 'no-face' || fb === 'many-faces' ? lost + 1 : 0;
        if (lost >= LOST_FRAMES) {
          // Lost the face: the challenge starts from the new position (the same prompt).
          challenge.reset();
        } else if (issued && one) {
          const first = !challenge.started;
          const step = challenge.step(issued.prompt, fb, measureFor(issued.prompt, one, oval), () => snapshot(video));
          if (first) {
            if (root) root.dataset.prompt = issued.prompt;
            hooks.setPrompt(issued.prompt);
          } else if (step.progress !== null && root) {
            root.dataset.progress = Math.max(0, Math.min(1, step.progress)).toFixed(2);
          }
          if (step.frames) {
            stopped = true;
            void finish(step.frames);
            return;
          }
        }
      }
    }
    cancelNext = nextFrame(() => void tick());
  };
  cancelNext = nextFrame(() => void tick());
  return () => {
    stopped = true;
    cancelNext();
  };
}
