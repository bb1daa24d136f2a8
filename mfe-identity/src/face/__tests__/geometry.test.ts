import {
  CLOSER_BY,
  faceScale,
  feedbackFor,
  isCentred,
  meanLuminance,
  ovalFor,
  rateOver,
  startChallenge,
  stepChallenge,
  type FaceBox,
  type Feedback,
} from '../geometry';

/** A 640 x 480 camera frame (Chromium's fake camera, most webcams): the oval is 252 x 336 at its centre. */
const OVAL = ovalFor(640, 480);
/** A face box `height` tall (width 0.8 of it) centred at (cx, cy). */
const face = (height: number, cx = 320, cy = 240, score = 0.9): FaceBox => ({
  x: cx - (0.8 * height) / 2,
  y: cy - height / 2,
  width: 0.8 * height,
  height,
  score,
});

describe('the oval guide', () => {
  it('is upright, 3:4, 70 % of a landscape frame tall, centred', () => {
    expect(OVAL).toEqual({ cx: 320, cy: 240, rx: 126, ry: 168 });
  });
  it('fits a portrait frame by its width', () => {
    const o = ovalFor(480, 640);
    expect(o.ry * 2).toBeCloseTo(448);
    expect(o.rx * 2).toBeCloseTo(336);
    expect(o.rx * 2).toBeLessThan(480);
  });
});

describe('feedback from a detection', () => {
  const cases: [string, FaceBox[], Feedback][] = [
    ['nothing found', [], 'no-face'],
    ['only a faint detection (noise)', [face(200, 320, 240, 0.3)], 'no-face'],
    ['two faces', [face(200), face(120, 100, 200)], 'many-faces'],
    ['a face and a faint second one', [face(200), face(120, 100, 200, 0.2)], 'good'],
    ['a small face', [face(120)], 'too-far'],
    ['a face filling the frame', [face(320)], 'too-close'],
    ['a face to one side', [face(200, 160, 240)], 'not-centred'],
    ['a face too high', [face(200, 320, 140)], 'not-centred'],
    ['a face well placed', [face(200)], 'good'],
    ['a face a little off centre', [face(200, 360, 260)], 'good'],
  ];
  it.each(cases)('%s', (_what, faces, expected) => {
    expect(feedbackFor(faces, OVAL)).toBe(expected);
  });

  it('says "too dark" before the rest when the frame is dark, with or without a face', () => {
    expect(feedbackFor([face(200)], OVAL, 20)).toBe('too-dark');
    expect(feedbackFor([], OVAL, 20)).toBe('too-dark');
    expect(feedbackFor([face(200)], OVAL, 120)).toBe('good');
    // more than one face is said first: that is the thing to fix
    expect(feedbackFor([face(200), face(150, 100, 200)], OVAL, 20)).toBe('many-faces');
  });

  it('lets the face come close during the challenge', () => {
    expect(feedbackFor([face(320)], OVAL, null, true)).toBe('good');
    expect(feedbackFor([face(320, 120, 240)], OVAL, null, true)).toBe('not-centred');
  });

  it('measures the face against the oval', () => {
    expect(faceScale(face(168), OVAL)).toBeCloseTo(0.5);
    expect(isCentred(face(200, 320 + 0.2 * 252, 240), OVAL)).toBe(true);
    expect(isCentred(face(200, 320 + 0.25 * 252, 240), OVAL)).toBe(false);
  });
});

describe('the liveness challenge: move a little closer', () => {
  const run = (start: number, steps: [Feedback, number | null][]) => steps.reduce((c, [fb, s]) => stepChallenge(c, fb, s), startChallenge(start));

  it(`passes when the face grows by ${CLOSER_BY * 100} % for two detections in a row`, () => {
    const c = run(0.6, [
      ['good', 0.62],
      ['good', 0.68],
      ['good', 0.72],
      ['good', 0.75],
    ]);
    expect(c.passed).toBe(true);
  });

  it('does not pass on one large frame', () => {
    expect(run(0.6, [['good', 0.75], ['good', 0.6], ['good', 0.75]]).passed).toBe(false);
  });

  it('does not pass for a face that stays the same size (a photo held still)', () => {
    const still: [Feedback, number][] = Array.from({ length: 30 }, (_, i) => ['good', 0.6 + (i % 2 ? 0.02 : -0.02)]);
    expect(run(0.6, still).passed).toBe(false);
  });

  it('counts from the smallest size seen: stepping back first, then closer', () => {
    const c = run(0.6, [
      ['good', 0.5],
      ['good', 0.52],
      ['good', 0.6],
      ['good', 0.61],
    ]);
    expect(c.reference).toBe(0.5);
    expect(c.passed).toBe(true);
  });

  it('needs the face alone and centred while it grows', () => {
    expect(run(0.6, [['good', 0.75], ['not-centred', 0.76], ['good', 0.76]]).passed).toBe(false);
    expect(run(0.6, [['good', 0.75], ['many-faces', 0.76]]).passed).toBe(false);
    expect(run(0.6, [['good', 0.75], ['no-face', null], ['good', 0.75], ['good', 0.76]]).passed).toBe(true);
  });

  it('stays passed', () => {
    const c = run(0.6, [['good', 0.75], ['good', 0.75]]);
    expect(stepChallenge(c, 'no-face', null)).toBe(c);
  });
});

describe('measurements', () => {
  it('reads the mean luminance of RGBA pixels', () => {
    expect(meanLuminance(new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255]))).toBeCloseTo(127.5);
    expect(meanLuminance(new Uint8ClampedArray([]))).toBe(0);
  });

  it('counts detections per second over a sliding window', () => {
    let r = rateOver([], 0);
    expect(r.perSecond).toBeNull();
    for (let t = 100; t <= 5000; t += 100) r = rateOver(r.times, t);
    expect(r.perSecond).toBeCloseTo(10);
    expect(r.times[0]).toBe(2000);
  });
});
