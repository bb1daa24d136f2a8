import { followsPrompt, MIN_SCALE_CHANGE, MIN_SHIFT, type Box } from '../liveness';

/** Boxes in the camera's own picture (unmirrored): the visitor's left is the picture's +x. */
const box = (cx: number, w: number): Box => [cx - w / 2, 100, w, w * 1.2];

describe('followsPrompt', () => {
  it('closer and farther: the face’s width grows or shrinks enough, steadily', () => {
    const growing = [box(320, 150), box(320, 175), box(320, 200)];
    expect(followsPrompt('closer', growing)).toBe(true);
    expect(followsPrompt('farther', [...growing].reverse())).toBe(true);
    expect(followsPrompt('farther', growing)).toBe(false);
    expect(followsPrompt('closer', [box(320, 150), box(320, 150 * (1 + MIN_SCALE_CHANGE) - 1)])).toBe(false);
    // Back and forth is not a movement closer.
    expect(followsPrompt('closer', [box(320, 150), box(320, 120), box(320, 200)])).toBe(false);
  });

  it('left and right are the visitor’s: the face moves to the picture’s right for "left"', () => {
    const toPictureRight = [box(280, 150), box(320, 150), box(360, 150)];
    expect(followsPrompt('left', toPictureRight)).toBe(true);
    expect(followsPrompt('right', toPictureRight)).toBe(false);
    expect(followsPrompt('right', [...toPictureRight].reverse())).toBe(true);
    expect(followsPrompt('left', [box(320, 150), box(320 + MIN_SHIFT * 150 - 1, 150)])).toBe(false);
  });

  it('a still face, or a single frame, follows nothing', () => {
    const still = [box(320, 150), box(320, 150), box(320, 150)];
    for (const prompt of ['closer', 'farther', 'left', 'right'] as const) {
      expect(followsPrompt(prompt, still)).toBe(false);
      expect(followsPrompt(prompt, [box(320, 150)])).toBe(false);
      expect(followsPrompt(prompt, [])).toBe(false);
    }
  });
});
