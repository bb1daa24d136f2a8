import { loadImage } from '@napi-rs/canvas';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFaceEngine, MATCH_THRESHOLD, type FaceEngine } from '../faces';
import { createMrzReader, type MrzReader } from '../ocr';

/** The real engines on the fixtures: slow (models load once for the file). */
jest.setTimeout(60_000);
const FIXTURES = join(__dirname, '..', '..', '..', '..', '..', 'e2e', 'fixtures', 'identity');
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

describe('face compare', () => {
  it('matches the same person, not another, and counts faces', async () => {
    const [doc] = await faces.describe(await image('passport-visitor.jpg'));
    const [same] = await faces.describe(await image('selfie-hopper.jpg'));
    const [other] = await faces.describe(await image('selfie-collins.jpg'));
    expect(doc && same && other).toBeTruthy();
    const sameScore = faces.similarity(doc ?? [], same ?? []);
    const otherScore = faces.similarity(doc ?? [], other ?? []);
    expect(sameScore).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(otherScore).toBeLessThan(MATCH_THRESHOLD);
    expect(await faces.describe(await image('selfie-two-faces.jpg'))).toHaveLength(2);
    expect(await faces.describe(await image('empty-scene.jpg'))).toHaveLength(0);
    expect(await faces.describe(await image('passport-no-photo.jpg'))).toHaveLength(0);
  });
});
