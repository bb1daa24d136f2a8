import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAuthorityApp, MAX_IMAGE_BYTES } from '../authority-app';

/** The HTTP contract with stand-in engines (the real OCR and face models: ocr-faces.test.ts). */
const KEY = 'test-authority-key-0123456789';
const FIXTURES = join(__dirname, '..', '..', '..', '..', '..', 'e2e', 'fixtures', 'identity');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildAuthorityApp({
    apiKey: KEY,
    engines: {
      mrz: { read: async () => ({ ok: false, code: -606 }), close: async () => {} },
      faces: { describe: async () => [[1, 0, 0]], similarity: () => 1 },
    },
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

  it('verifies a person, and answers 503 for the unavailable number', async () => {
    const visitor = { kind: 'passport', number: '533401871', id_number: null, nationality: 'GBR', birth_date: '1985-03-09', expiry_date: '2034-03-08', sex: 'F', declared_residency: 'non_resident' };
    expect((await post('/v1/persons/verify', visitor)).json()).toEqual({ verified: true, person_ref: 'AUTH-P01', resident: false });
    const down = await post('/v1/persons/verify', { ...visitor, number: 'M50350350' });
    expect(down.statusCode).toBe(503);
    const expired = await post('/v1/persons/verify', { ...visitor, expiry_date: '2020-01-01' });
    expect([expired.statusCode, expired.json()]).toEqual([422, { code: -639 }]);
  });
});
