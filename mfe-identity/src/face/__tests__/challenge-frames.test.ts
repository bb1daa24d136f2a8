import { ChallengeFrames } from '../challenge-frames';

/**
 * The prompt followed detection by detection, on its own (the face scan's tests follow it through
 * the camera): which frames are kept along the movement and when the three are handed over.
 * 'left' measures the face's centre in face widths; the movement asked is 0.4 of them.
 */
function follow() {
  const frames = new ChallengeFrames();
  let taken = 0;
  const snap = () => ({ frame: ++taken }) as unknown as HTMLCanvasElement;
  const at = (value: number, feedback: 'good' | 'no-face' = 'good') => frames.step('left', feedback, value, snap);
  const ids = (kept: (HTMLCanvasElement | null)[] | null) => kept?.map((f) => (f as unknown as { frame: number } | null)?.frame ?? null) ?? null;
  return { frames, at, ids };
}

describe('ChallengeFrames', () => {
  it('keeps the first frame, the first past half of the movement and the furthest, and hands them over once held', () => {
    const { frames, at, ids } = follow();
    expect(frames.started).toBe(false);
    expect(at(0)).toEqual({ progress: null, frames: null }); // frame 1: the first
    expect(frames.started).toBe(true);
    expect(at(0.1)).toEqual({ progress: 0.25, frames: null }); // frame 2: furthest so far
    expect(ids(at(0.3).frames)).toBeNull(); // frame 3: past half, the middle
    expect(ids(at(0.5).frames)).toBeNull(); // frame 4: done once, not yet held
    const held = at(0.5); // held: no new frame, the movement passed
    expect(held.progress).toBeCloseTo(1.25);
    expect(ids(held.frames)).toEqual([1, 3, 4]);
  });

  it('a step the other way first moves the reference, and its frame becomes the first', () => {
    const { at, ids } = follow();
    at(0); // frame 1
    at(-0.2); // frame 2: the new reference
    at(0.05); // frame 3: 0.625 of the way, the middle
    at(0.25); // frame 4
    expect(ids(at(0.25).frames)).toEqual([2, 3, 4]);
  });

  it('past half and to the end between two detections: the furthest, and one held near it', () => {
    const { at, ids } = follow();
    at(0); // frame 1
    at(0.5); // frame 2: the middle and the furthest at once
    expect(ids(at(0.46).frames)).toEqual([1, 2, 3]); // within HOLD_SLACK of the furthest: frame 3
  });

  it('does not count a detection without the good face, and starts again after reset', () => {
    const { frames, at, ids } = follow();
    at(0);
    at(0.5);
    expect(at(0.5, 'no-face')).toEqual({ progress: 1.25, frames: null });
    frames.reset();
    expect(frames.started).toBe(false);
    expect(at(0.5)).toEqual({ progress: null, frames: null }); // a new first frame here
    at(0.9);
    expect(ids(at(0.9).frames)).toEqual([3, 4, 5]);
  });
});
