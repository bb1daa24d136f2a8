import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { buildAuthorityApp, MAX_IMAGE_BYTES } from '../authority-app';
import type { FoundFace } from '../faces';

/** The HTTP contract with stand-in engines (the real OCR and face models: ocr-faces.test.ts). */
const KEY = 'test-authority-key-0123456789';
const FIXTURES = join(__dirname, '..', '..', '..', '..', 'e2e', 'fixtures', 'identity');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * The stand-in face engine: every image shows one face whose box is its width x 0.3 (so frames of
 * growing width are a face coming closer); its patch is the image's width, so two images of one
 * width are "copies". Similarity 1 unless the descriptor says otherwise (a face with a different
 * descriptor: the image's height, 999 for "another person").
 */
const face = (w: number, h: number): FoundFace => ({
  descriptor: [h === 999 ? 0 : 1, 0, 0],
  box: [100, 100, w * 0.3, w * 0.3],
  patch: Float32Array.from({ length: 16 }, (_, i) => Math.sin(i * w)),
});
let app: FastifyInstance;
beforeAll(async () => {
  const faces = {
    find: async (image: { width: number; height: number }) => [face(image.width, image.height)],
    similarity: (a: number[], b: number[]) => (a[0] === b[0] ? 1 : 0.1),
  };
  app = await buildAuthorityApp({
    apiKey: KEY,
    engines: { mrz: { read: async () => ({ ok: false, code: -606 }), close: async () => {} }, faces },
    portraits: new Map([['hopper', face(1, 1)], ['collins', face(2, 2)]]),
  });
});
afterAll(() => app.close());

const post = (url: string, payload: unknown, key: string | null = KEY) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: key ? { authorization: `Bearer ${key}` } : {} });

describe('identity authority HTTP contract', () => {
  it('answers /health without a key', async () => {
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
  });

  it('refuses a missing or wrong key with 401', async () => {
    expect((await post('/v1/persons/verify', {}, null)).statusCode).toBe(401);
    expect((await post('/v1/persons/verify', {}, 'wrong-key-wrong-key')).statusCode).toBe(401);
  });

  it('answers 400 on a malformed body', async () => {
    expect((await post('/v1/documents/read', { image: 'x' })).statusCode).toBe(400);
    expect((await post('/v1/faces/compare', { selfie_image: 'AAAA' })).statusCode).toBe(400);
    expect((await post('/v1/persons/verify', { kind: 'visa' })).statusCode).toBe(400);
    const sha = 'a'.repeat(64);
    for (const image of ['not base64!', '====', 'AAAA=A', 'AA\nAA']) {
      expect((await post('/v1/documents/read', { image, sha256: sha, side: 'front' })).statusCode).toBe(400);
    }
  });

  it('checks the format (-642), the size (-644) and the hash (-645)', async () => {
    const gif = fixture('not-a-jpeg.jpg');
    expect((await post('/v1/documents/read', { image: gif.toString('base64'), sha256: sha(gif), side: 'data_page' })).json()).toEqual({ code: -642 });
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(MAX_IMAGE_BYTES)]);
    const tooLarge = await post('/v1/documents/read', { image: big.toString('base64'), sha256: sha(big), side: 'data_page' });
    expect([tooLarge.statusCode, tooLarge.json()]).toEqual([422, { code: -644 }]);
    const jpeg = fixture('passport-visitor.jpg');
    expect((await post('/v1/documents/read', { image: jpeg.toString('base64'), sha256: sha(Buffer.from('other')), side: 'data_page' })).json()).toEqual({ code: -645 });
  });

  it('answers -606 where an MRZ is expected, and a front without one', async () => {
    const jpeg = fixture('eid-resident-front.jpg');
    const body = { image: jpeg.toString('base64'), sha256: sha(jpeg) };
    expect((await post('/v1/documents/read', { ...body, side: 'back' })).json()).toEqual({ code: -606 });
    expect((await post('/v1/documents/read', { ...body, side: 'front' })).json()).toEqual({ document: null, mrz_found: false, face_found: true });
  });

  it('compares a live face: the movement, one person, no copy, the reference portrait of the holder', async () => {
    const jpegOf = (w: number, h = 100) => createCanvas(w, h).encodeSync('jpeg').toString('base64');
    const MORGAN = { kind: 'passport', number: '533401871' };
    const compare = (frames: string[], prompt = 'closer', document = MORGAN, documentImage = jpegOf(50)) =>
      post('/v1/faces/compare', { document, document_image: documentImage, frames, prompt });
    const growing = [jpegOf(300), jpegOf(330), jpegOf(370)];
    const ok = await compare(growing);
    expect([ok.statusCode, ok.json()]).toEqual([200, { match: true, score: 1, liveness: 'passed', person_ref: 'AUTH-P01' }]);
    // A document the registry does not hold: compared with its own portrait only, no person.
    expect((await compare(growing, 'closer', { kind: 'passport', number: 'NX0000019' })).json()).toMatchObject({ person_ref: null });
    // Not the prompt's movement, or none: -643.
    expect((await compare(growing, 'farther')).json()).toEqual({ code: -643 });
    expect((await compare([jpegOf(300), jpegOf(300), jpegOf(300)])).json()).toEqual({ code: -643 });
    // A frame that is the document's portrait (same "pixels"): -643.
    expect((await compare([jpegOf(300), jpegOf(330), jpegOf(370)], 'closer', MORGAN, jpegOf(370))).json()).toEqual({ code: -643 });
    // Another person half way: -622; the reference does not match: -620.
    expect((await compare([jpegOf(300), jpegOf(330, 999), jpegOf(370)])).json()).toEqual({ code: -622 });
    expect((await compare([jpegOf(300, 999), jpegOf(330, 999), jpegOf(370, 999)])).json()).toEqual({ code: -620 });
    // Malformed: too few or too many frames, an unknown prompt, no document.
    expect((await compare(growing.slice(0, 2))).statusCode).toBe(400);
    expect((await compare([...growing, ...growing, growing[0] ?? ''])).statusCode).toBe(400);
    expect((await compare(growing, 'smile')).statusCode).toBe(400);
    expect((await post('/v1/faces/compare', { document_image: jpegOf(50), frames: growing, prompt: 'closer' })).statusCode).toBe(400);
  });

  it('verifies a person, and answers 503 for the unavailable number', async () => {
    const visitor = { kind: 'passport', number: '533401871', id_number: null, nationality: 'GBR', birth_date: '1985-03-09', expiry_date: '2034-03-08', sex: 'F', declared_residency: 'non_resident' };
    expect((await post('/v1/persons/verify', visitor)).json()).toEqual({ verified: true, person_ref: 'AUTH-P01', resident: false });
    const down = await post('/v1/persons/verify', { ...visitor, number: 'M50350350' });
    expect(down.statusCode).toBe(503);
    const expired = await post('/v1/persons/verify', { ...visitor, expiry_date: '2020-01-01' });
    expect([expired.statusCode, expired.json()]).toEqual([422, { code: -639 }]);
  });
});
