import {
  BLUR_VARIANCE,
  downscaleGrey,
  glareShare,
  laplacianVariance,
  meanLuminance,
  qualityHints,
  toGrey,
  type Pixels,
} from '../image-quality';

/** A frame painted pixel by pixel with a grey level from `level(x, y)`. */
function frame(width: number, height: number, level: (x: number, y: number) => number): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const v = level(x, y);
      data[i] = v;
      data[i + 1] = v;
      data[i + 2] = v;
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
}

/** A sharp document: a mid-grey card with crisp black text strokes every few pixels. */
const sharp = (x: number, y: number, base = 170) => (y % 6 < 2 && x % 9 < 6 ? 20 : base);
/** The same card seen out of focus: the strokes smeared into a soft gradient. */
const blurred = (x: number, y: number) => 120 + 30 * Math.sin(x / 40) * Math.cos(y / 40);

describe('the quality measures', () => {
  it('reads grey as luma, so pure green is brighter than pure blue', () => {
    const data = new Uint8ClampedArray([0, 255, 0, 255, 0, 0, 255, 255]);
    const [green, blue] = toGrey({ data, width: 2, height: 1 });
    expect(green).toBeGreaterThan(blue!);
    expect(green).toBeCloseTo(149.7, 0);
  });

  it('averages the light', () => {
    expect(meanLuminance(toGrey(frame(4, 4, () => 100)))).toBeCloseTo(100);
    expect(meanLuminance(new Float32Array(0))).toBe(0);
  });

  it('counts the share of near-white pixels', () => {
    const half = toGrey(frame(10, 10, (x) => (x < 5 ? 255 : 128)));
    expect(glareShare(half)).toBeCloseTo(0.5);
    expect(glareShare(toGrey(frame(10, 10, () => 240)))).toBe(0);
  });

  it('gives a flat image no edges and a sharp one many', () => {
    expect(laplacianVariance(toGrey(frame(20, 20, () => 90)), 20, 20)).toBe(0);
    expect(laplacianVariance(toGrey(frame(60, 60, sharp)), 60, 60)).toBeGreaterThan(BLUR_VARIANCE * 10);
    expect(laplacianVariance(new Float32Array(4), 2, 2)).toBe(0);
  });

  it('downscales by averaging blocks, at most the analysis width', () => {
    const big = frame(1280, 720, () => 77);
    const small = downscaleGrey(toGrey(big), 1280, 720);
    expect(small.width).toBeLessThanOrEqual(320);
    expect(small.height).toBe(180);
    expect(small.grey[0]).toBeCloseTo(77);
    const tiny = toGrey(frame(100, 50, () => 5));
    expect(downscaleGrey(tiny, 100, 50).grey).toBe(tiny);
  });
});

describe('qualityHints', () => {
  it('has nothing to say about a sharp, evenly lit document', () => {
    expect(qualityHints(frame(640, 360, (x, y) => sharp(x, y)))).toEqual([]);
  });

  it('says too dark when the mean light is low', () => {
    expect(qualityHints(frame(640, 360, (x, y) => sharp(x, y, 50) * 0.6))).toEqual(['dark']);
  });

  it('says glare when a large patch is near white', () => {
    // A reflection over a fifth of the card.
    expect(qualityHints(frame(640, 360, (x, y) => (x < 128 ? 255 : sharp(x, y))))).toEqual(['glare']);
  });

  it('says blurry when the edges are soft, measured on the downscaled frame', () => {
    expect(qualityHints(frame(1280, 720, blurred))).toEqual(['blurry']);
  });

  it('can say several at once, light first', () => {
    expect(qualityHints(frame(320, 180, () => 10))).toEqual(['dark', 'blurry']);
  });
});
