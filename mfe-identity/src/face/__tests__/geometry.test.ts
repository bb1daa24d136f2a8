import {
  CLOSER_BY,
  faceScale,
  feedbackFor,
  isCentred,
  meanLuminance,
  measureFor,
  MIDDLE_AT,
  ovalFor,
  progressOf,
  rateOver,
  SIDEWAYS_BY,
  startChallenge,
  stepChallenge,
  type FaceBox,
  type FacePrompt,
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

  it('during the challenge lets the face move (close, far, off centre): only no face, two, or the dark are faults', () => {
    expect(feedbackFor([face(320)], OVAL, null, true)).toBe('good');
    expect(feedbackFor([face(320, 120, 240)], OVAL, null, true)).toBe('good');
    expect(feedbackFor([face(100)], OVAL, null, true)).toBe('good');
    expect(feedbackFor([], OVAL, null, true)).toBe('no-face');
    expect(feedbackFor([face(200), face(150, 100, 200)], OVAL, null, true)).toBe('many-faces');
    expect(feedbackFor([face(200)], OVAL, 20, true)).toBe('too-dark');
  });

  it('measures the face against the oval', () => {
    expect(faceScale(face(168), OVAL)).toBeCloseTo(0.5);
    expect(isCentred(face(200, 320 + 0.2 * 252, 240), OVAL)).toBe(true);
    expect(isCentred(face(200, 320 + 0.25 * 252, 240), OVAL)).toBe(false);
  });
});

describe('the live challenge', () => {
  type Step = [Feedback, number | null];
  const run = (prompt: FacePrompt, start: number, steps: Step[]) =>
    steps.reduce((c, [fb, v]) => stepChallenge(c, fb, v), startChallenge(prompt, start) as ReturnType<typeof stepChallenge>);

  it(`closer: passes when the face grows by ${CLOSER_BY * 100} % for two detections in a row`, () => {
    const c = run('closer', 0.6, [
      ['good', 0.62],
      ['good', 0.68],
      ['good', 0.72],
      ['good', 0.75],
    ]);
    expect(c.passed).toBe(true);
  });

  it('closer: not on one large frame, nor for a face that stays the same size (a photo held still)', () => {
    expect(run('closer', 0.6, [['good', 0.75], ['good', 0.6], ['good', 0.75]]).passed).toBe(false);
    const still: Step[] = Array.from({ length: 30 }, (_, i) => ['good', 0.6 + (i % 2 ? 0.02 : -0.02)]);
    expect(run('closer', 0.6, still).passed).toBe(false);
  });

  it('closer: counts from the smallest size seen (stepping back first, then closer), and says to keep that frame', () => {
    const first = stepChallenge(startChallenge('closer', 0.6), 'good', 0.5);
    expect(first).toMatchObject({ reference: 0.5, newReference: true });
    const c = run('closer', 0.6, [
      ['good', 0.5],
      ['good', 0.52],
      ['good', 0.6],
      ['good', 0.61],
    ]);
    expect(c.reference).toBe(0.5);
    expect(c.passed).toBe(true);
    expect(c.newReference).toBe(false);
  });

  it(`farther: passes when the face shrinks by ${CLOSER_BY * 100} %, from the largest seen`, () => {
    expect(run('farther', 0.6, [['good', 0.65], ['good', 0.55], ['good', 0.52], ['good', 0.52]]).passed).toBe(true);
    expect(run('farther', 0.6, [['good', 0.7], ['good', 0.75], ['good', 0.8]]).passed).toBe(false);
  });

  it(`left and right: the face's centre moves by ${SIDEWAYS_BY} face widths the visitor's way (the picture's right for "left")`, () => {
    const toPictureRight: Step[] = [['good', 2.1], ['good', 2.3], ['good', 2.45], ['good', 2.5]];
    expect(run('left', 2, toPictureRight).passed).toBe(true);
    expect(run('right', 2, toPictureRight).passed).toBe(false);
    expect(run('right', 2.5, [['good', 2.3], ['good', 2.05], ['good', 2.0]]).passed).toBe(true);
    expect(measureFor('left', face(200, 400), OVAL)).toBeCloseTo(400 / 160);
    expect(measureFor('closer', face(168), OVAL)).toBeCloseTo(0.5);
  });

  it('reports the progress; the middle frame is the first past half of it', () => {
    const c = run('closer', 0.6, [['good', 0.66]]);
    expect(c.progress).toBeGreaterThanOrEqual(MIDDLE_AT);
    expect(c.progress).toBeLessThan(1);
    expect(progressOf('left', 2, 2 + SIDEWAYS_BY)).toBeCloseTo(1);
  });

  it('needs the one face while it moves; a lost frame resets the streak', () => {
    expect(run('closer', 0.6, [['good', 0.75], ['many-faces', 0.76]]).passed).toBe(false);
    expect(run('closer', 0.6, [['good', 0.75], ['no-face', null], ['good', 0.75], ['good', 0.76]]).passed).toBe(true);
  });

  it('stays passed', () => {
    const c = run('closer', 0.6, [['good', 0.75], ['good', 0.75]]);
    expect(stepChallenge(c, 'no-face', null)).toMatchObject({ passed: true, reference: c.reference });
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
