import { loadImage } from '@napi-rs/canvas';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FACE_PROMPTS } from '../protocol';
import { promptFrames } from '@join/fixtures/face-frames';
import { COPY_THRESHOLD } from '../authority-app';
import { copyScore, createFaceEngine, MATCH_THRESHOLD, type FaceEngine, type FoundFace } from '../faces';
import { createMrzReader, type MrzReader } from '../ocr';

/** The real engines on the fixtures: slow (models load once for the file). */
jest.setTimeout(60_000);
const FIXTURES = join(__dirname, '..', '..', '..', '..', 'e2e', 'fixtures', 'identity');
async function image(name: string) {
  let bytes = readFileSync(join(FIXTURES, name));
  if (name.endsWith('.mjpeg')) bytes = bytes.subarray(0, bytes.indexOf(Buffer.from([0xff, 0xd9])) + 2);
  return loadImage(bytes);
}

let mrz: MrzReader;
let faces: FaceEngine;
beforeAll(async () => {
  [mrz, faces] = await Promise.all([createMrzReader(), createFaceEngine()]);
});
afterAll(() => mrz.close());

describe('OCR of the MRZ', () => {
  it('reads a passport data page', async () => {
    const out = await mrz.read(await image('passport-visitor.jpg'));
    expect(out.ok && out.document).toMatchObject({ kind: 'passport', number: '533401871', surname: 'MORGAN', given_names: 'ELIZABETH ANN', expiry_date: '2034-03-08' });
  });
  it('reads an Emirates ID back with its ID number', async () => {
    const out = await mrz.read(await image('eid-resident-back.jpg'));
    expect(out.ok && out.document).toMatchObject({ kind: 'emirates_id', number: '100200301', id_number: '784198812345670' });
  });
  it('reads a passport held up in a camera frame', async () => {
    const out = await mrz.read(await image('camera-passport.mjpeg'));
    expect(out.ok && out.document).toMatchObject({ number: '533401871', birth_date: '1985-03-09' });
  });
  it('answers -608 and -606', async () => {
    expect(await mrz.read(await image('passport-bad-check-digit.jpg'))).toEqual({ ok: false, code: -608 });
    expect(await mrz.read(await image('empty-scene.jpg'))).toEqual({ ok: false, code: -606 });
  });
});

describe('faces', () => {
  const one = async (name: string) => {
    const found = await faces.find(await image(name));
    expect(found).toHaveLength(1);
    return found[0] as FoundFace;
  };

  it('matches the same person, not another, and counts faces', async () => {
    const doc = await one('passport-visitor.jpg');
    const same = await one('selfie-hopper.jpg');
    const other = await one('selfie-collins.jpg');
    expect(faces.similarity(doc.descriptor, same.descriptor)).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(faces.similarity(doc.descriptor, other.descriptor)).toBeLessThan(MATCH_THRESHOLD);
    expect(await faces.find(await image('selfie-two-faces.jpg'))).toHaveLength(2);
    expect(await faces.find(await image('empty-scene.jpg'))).toHaveLength(0);
    expect(await faces.find(await image('passport-no-photo.jpg'))).toHaveLength(0);
  });

  it('the reference portraits: each its person’s face, and the photo-substituted passport’s portrait is not its holder’s', async () => {
    const hopper = await one('reference-hopper.jpg');
    const collins = await one('reference-collins.jpg');
    expect(faces.similarity(hopper.descriptor, (await one('selfie-hopper.jpg')).descriptor)).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(faces.similarity(collins.descriptor, (await one('selfie-collins.jpg')).descriptor)).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    // MORGAN (AUTH-P01) is hopper; the substituted page shows collins.
    expect(faces.similarity(hopper.descriptor, (await one('passport-photo-substituted.jpg')).descriptor)).toBeLessThan(MATCH_THRESHOLD);
  });

  it('tells a copy of the document’s portrait from a live face (copyScore)', async () => {
    const page = readFileSync(join(FIXTURES, 'passport-visitor.jpg'));
    const portrait = await one('passport-visitor.jpg');
    // The page, and its portrait cut out, moved as each prompt asks: the best frame is a copy.
    for (const options of [{}, { crop: [30, 86, 210, 270] as const, scale: 1.3 }]) {
      for (const prompt of FACE_PROMPTS) {
        const scores: number[] = [];
        for (const frame of await promptFrames(page, prompt, options)) {
          const [f] = await faces.find(await loadImage(frame));
          if (f) scores.push(copyScore(f.patch, portrait.patch));
        }
        expect(Math.max(...scores)).toBeGreaterThanOrEqual(COPY_THRESHOLD);
      }
    }
    // The fixtures' live faces (stills and every frame of the camera feed): never a copy.
    const liveFaces = new Map<string, FoundFace[]>();
    for (const selfie of ['hopper', 'collins']) {
      const live = [await one(`selfie-${selfie}.jpg`)];
      for (const frame of mjpegFrames(readFileSync(join(FIXTURES, `camera-selfie-${selfie}.mjpeg`))).filter((_, i) => i % 8 === 0)) {
        const [f] = await faces.find(await loadImage(frame));
        if (f) live.push(f);
      }
      liveFaces.set(selfie, live);
    }
    for (const [document, selfie] of [['passport-visitor.jpg', 'hopper'], ['passport-visitor-2.jpg', 'collins'], ['eid-resident-front.jpg', 'collins']] as const) {
      const printed = await one(document);
      const reference = await one(`reference-${selfie}.jpg`);
      for (const f of liveFaces.get(selfie) ?? []) {
        expect(copyScore(f.patch, printed.patch)).toBeLessThan(COPY_THRESHOLD);
        expect(copyScore(f.patch, reference.patch)).toBeLessThan(COPY_THRESHOLD);
        expect(faces.similarity(reference.descriptor, f.descriptor)).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
      }
    }
  });
});

/** The JPEG frames of an MJPEG file. */
function mjpegFrames(bytes: Buffer): Buffer[] {
  const frames: Buffer[] = [];
  for (let start = 0; start < bytes.length; ) {
    const end = bytes.indexOf(Buffer.from([0xff, 0xd9]), start) + 2;
    if (end < 2) break;
    frames.push(bytes.subarray(start, end));
    start = end;
  }
  return frames;
}
