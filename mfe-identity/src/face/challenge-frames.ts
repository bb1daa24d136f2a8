import { HOLD_SLACK, MIDDLE_AT, startChallenge, stepChallenge, type Challenge, type FacePrompt, type Feedback } from './geometry';

/** What one detection during the prompt gives: the movement's progress, and the frames once it is done. */
export interface ChallengeStep {
  /** 0 to 1 along the movement (null on the detection that starts it). */
  progress: number | null;
  /** The three frames to send (the first, one past half of it, the furthest), once the prompt is followed. */
  frames: (HTMLCanvasElement | null)[] | null;
}

/**
 * The prompt followed, detection by detection (the rules are geometry.ts's): the challenge's state
 * and the frames kept along it: the movement's first (at the reference), the first past half of
 * it, and the furthest along (the last sent). In that order the movement only goes the prompt's way.
 */
export class ChallengeFrames {
  private challenge: Challenge | null = null;
  private first: HTMLCanvasElement | null = null;
  private middle: HTMLCanvasElement | null = null;
  private furthestFrame: HTMLCanvasElement | null = null;
  private furthest = 0;

  /** Whether the movement has started (the prompt is on screen). */
  get started(): boolean {
    return this.challenge !== null;
  }

  /** The face was lost: the challenge starts again from the next position (the same prompt). */
  reset(): void {
    this.challenge = null;
    this.keepFrom(null);
  }

  /**
   * One detection of the one face: `value` is the prompt's measure of it (measureFor), `snap`
   * takes the current frame. The first detection starts the movement (its frame the first kept).
   */
  step(prompt: FacePrompt, feedback: Feedback, value: number, snap: () => HTMLCanvasElement): ChallengeStep {
    if (!this.challenge) {
      this.challenge = startChallenge(prompt, value);
      this.keepFrom(snap());
      return { progress: null, frames: null };
    }
    const next = stepChallenge(this.challenge, feedback, value);
    this.challenge = next;
    if (next.newReference) this.keepFrom(snap());
    let tookNow = false;
    if (!next.newReference && next.progress > this.furthest) {
      const frame = snap();
      if (!this.middle && next.progress >= MIDDLE_AT) this.middle = frame;
      this.furthestFrame = frame;
      this.furthest = next.progress;
      tookNow = true;
    }
    // Done once the movement held for two detections, with three frames along it: the first, one
    // past half of it, the furthest; or, when the face got past half and to the furthest between
    // two detections, the furthest and one held near it.
    let last: [HTMLCanvasElement, HTMLCanvasElement] | null = null;
    if (next.passed && this.middle && this.furthestFrame) {
      if (this.middle !== this.furthestFrame) last = [this.middle, this.furthestFrame];
      else if (!tookNow && next.progress >= this.furthest - HOLD_SLACK) last = [this.furthestFrame, snap()];
    }
    return { progress: next.progress, frames: last ? [this.first, ...last] : null };
  }

  /** A new reference: its frame is the first kept, the others start again. */
  private keepFrom(first: HTMLCanvasElement | null): void {
    this.first = first;
    this.middle = null;
    this.furthestFrame = null;
    this.furthest = 0;
  }
}
