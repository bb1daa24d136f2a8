import Database from 'better-sqlite3';
import { request } from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import {
  API_ERROR_CODES,
  DOCUMENT_MAX_BYTES,
  DocumentReadResponse,
  FACE_CHALLENGE_TTL_S,
  FACE_FRAME_MAX_BYTES,
  FACE_PROMPTS,
  FaceChallengeResponse,
  FaceCheckResponse,
  FlowStatusResponse,
  IDENTITY_ERROR_CODES,
  SESSION_RECOVERY_CODE,
  type DocumentDetails,
} from '@join/shared/contract';
import { createTestApp, type TestApp, type Visitor } from '../../../testing/harness';
import { eidDetails, jpeg, passportDetails, png } from '../../../testing/fake-authority';
import { BOUNDARY, createIdentityTestApp, multipartBody, multipartHeaders, type IdentityTestApp } from '../../../testing/identity-helpers';

/**
 * The identity check's endpoints (api/README.md "Identity check") against a real SQLite file and
 * the real HTTP client of the authority, pointed at an in-test authority on a random port.
 * The test clock starts on 2026-01-15.
 */
const status = (res: LightMyRequestResponse) => ({ status: res.statusCode, code: (res.json() as { code?: unknown }).code });
const expectCode = (res: LightMyRequestResponse, statusCode: number, code: number | string) =>
  expect(status(res)).toEqual({ status: statusCode, code });

const EID_CARD = '123456789';
const EID_ID = '784198812345671';
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from('passport:P1000001')]);

describe('the identity check', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
  });
  afterAll(() => t.close());

  /** A non-resident with the passport read and the face matched. */
  async function visitorAtDetails(number = 'P1000001', options: { sim?: 'esim' | 'physical'; tag?: string } = {}) {
    const v = await t.ready();
    expect((await t.activation(v, 'non_resident', options.sim ?? 'esim')).statusCode).toBe(200);
    const doc = await t.document(v, 'data_page', jpeg(options.tag ?? `passport:${number}`));
    expect(doc.statusCode).toBe(200);
    expect((await t.face(v, png('match'))).statusCode).toBe(200);
    const { details } = DocumentReadResponse.parse(doc.json());
    if (!details) throw new Error('no details read');
    return { v, details };
  }

  /** A resident with both sides of the Emirates ID read and the face matched. */
  async function residentAtDetails(sim: 'esim' | 'physical') {
    const v = await t.ready();
    expect((await t.activation(v, 'resident', sim)).statusCode).toBe(200);
    expect((await t.document(v, 'front', jpeg('eid-front'))).statusCode).toBe(200);
    const back = await t.document(v, 'back', png(`eid-back:${EID_CARD}:${EID_ID}`));
    expect(back.statusCode).toBe(200);
    expect((await t.face(v, jpeg('match'))).statusCode).toBe(200);
    return { v, details: DocumentReadResponse.parse(back.json()).details as DocumentDetails };
  }

  const compareCalls = () => t.fake.calls.filter((c) => c.path === '/v1/faces/compare').length;
  const flowOf = async (v: Visitor) => FlowStatusResponse.parse((await t.get(v, '/api/me/flow_status')).json());

  /** What the database holds of a user's pending check and decisions. */
  function stored(uid: string) {
    const db = new Database(t.dbFile, { readonly: true });
    try {
      const sides = db.prepare('SELECT side, image FROM identity_check_sides WHERE uid = ?').all(uid) as { side: string; image: Buffer }[];
      const checks = db.prepare('SELECT COUNT(*) AS n FROM identity_checks WHERE uid = ?').get(uid) as { n: number };
      const decisions = db.prepare('SELECT * FROM identity_decisions WHERE uid = ? ORDER BY id').all(uid) as Record<string, unknown>[];
      const blobs = (db.prepare('SELECT image FROM identity_check_sides').all() as { image: Buffer }[]).map((r) => r.image);
      const anyBlobWith = (text: string) => blobs.some((b) => b.includes(Buffer.from(text)));
      return { sides, checks: checks.n, decisions, anyBlobWith };
    } finally {
      db.close();
    }
  }

  describe('POST /me/activation_method', () => {
    it('stores residency and SIM type and answers the flow status exactly as GET /me/flow_status does', async () => {
      const v = await t.ready();
      const res = await t.activation(v, 'resident', 'physical');
      expect(res.statusCode).toBe(200);
      const answered = FlowStatusResponse.parse(res.json());
      expect(answered.flow_context).toMatchObject({ resident_type: 'resident', sim_type: 'physical', inside_uae: true });
      expect(answered).toEqual(await flowOf(v));
      expect(res.json()).toEqual((await t.get(v, '/api/me/flow_status')).json());
    });

    it('refuses without a session (-27), without an e-mail login, and outside the UAE', async () => {
      const anonymous = await t.ready({ email: false });
      const outside = await t.ready({ inside: false });
      const noSession = await t.app.inject({ method: 'POST', url: '/api/me/activation_method', headers: { ...anonymous.headers, 'session-id': 'f'.repeat(64) } });
      expectCode(noSession, 401, SESSION_RECOVERY_CODE);
      expectCode(await t.activation(anonymous, 'resident', 'esim'), 409, API_ERROR_CODES.stepNotAllowed);
      expectCode(await t.activation(outside, 'resident', 'esim'), 409, API_ERROR_CODES.stepNotAllowed);
      expect((await flowOf(outside)).flow_context?.resident_type).toBeNull();
    });

    it.each([
      [{ resident_type: 'maybe', sim_type: 'esim' }, 'body.resident_type'],
      [{ resident_type: 'resident', sim_type: 'nano' }, 'body.sim_type'],
      [{ resident_type: 'resident' }, 'body.sim_type'],
      [{ resident_type: 'resident', sim_type: 'esim', extra: '1' }, 'body.extra'],
    ])('refuses the bad body %j naming %s', async (body, field) => {
      const v = await t.ready();
      const res = await t.post(v, '/api/me/activation_method', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: API_ERROR_CODES.badRequest, field });
    });

    it('drops the pending document when the residency changes, and keeps it for another SIM type', async () => {
      const v = await t.ready();
      await t.activation(v, 'resident', 'esim');
      expect((await t.document(v, 'front', jpeg('eid-front'))).statusCode).toBe(200);
      await t.activation(v, 'resident', 'physical');
      expect(DocumentReadResponse.parse((await t.document(v, 'back', png(`eid-back:${EID_CARD}:${EID_ID}`))).json()).remaining_sides).toEqual([]);
      expect(stored(v.uid).sides).toHaveLength(2);
      await t.activation(v, 'non_resident', 'physical');
      expect(stored(v.uid)).toMatchObject({ sides: [], checks: 0 });
      await t.activation(v, 'resident', 'physical');
      const again = DocumentReadResponse.parse((await t.document(v, 'back', png(`eid-back:${EID_CARD}:${EID_ID}`))).json());
      expect(again.remaining_sides).toEqual(['front']);
    });

    it('is closed once the identity check has passed', async () => {
      const { v, details } = await visitorAtDetails('P2000001');
      expect((await t.details(v, details)).statusCode).toBe(200);
      expectCode(await t.activation(v, 'resident', 'physical'), 409, API_ERROR_CODES.stepNotAllowed);
      expect((await flowOf(v)).flow_context).toMatchObject({ resident_type: 'non_resident', sim_type: 'esim' });
    });
  });

  describe('GET /identity/check', () => {
    it('gives a reloaded page its own pending check back (sides, details, face), no image; nothing for anyone else', async () => {
      const { v, details } = await visitorAtDetails('P7700001');
      const mine = await t.get(v, '/api/identity/check');
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual({ check: { kind: 'passport', remaining_sides: [], details, face_matched: true } });
      expect(mine.body).not.toMatch(/image|base64/i);
      const other = await t.ready();
      expect((await t.activation(other, 'non_resident', 'esim')).statusCode).toBe(200);
      expect((await t.get(other, '/api/identity/check')).json()).toEqual({ check: null });
      // Verified: the check is closed, and so is its read.
      expect((await t.details(v, details)).statusCode).toBe(200);
      expect((await t.get(v, '/api/identity/check')).statusCode).toBe(409);
    });
  });

  describe('POST /identity/document', () => {
    it('reads both sides of an Emirates ID in either order, with the details once the MRZ side is in', async () => {
      const v = await t.ready();
      await t.activation(v, 'resident', 'esim');
      const back = DocumentReadResponse.parse((await t.document(v, 'back', png(`eid-back:${EID_CARD}:${EID_ID}`), { source: 'scan' })).json());
      expect(back).toEqual({ kind: 'emirates_id', side: 'back', remaining_sides: ['front'], details: eidDetails(EID_CARD, EID_ID) });
      const front = DocumentReadResponse.parse((await t.document(v, 'front', jpeg('eid-front'))).json());
      expect(front).toEqual({ kind: 'emirates_id', side: 'front', remaining_sides: [], details: eidDetails(EID_CARD, EID_ID) });
      const w = await t.ready();
      await t.activation(w, 'resident', 'physical');
      const first = DocumentReadResponse.parse((await t.document(w, 'front', jpeg('eid-front'))).json());
      expect(first).toEqual({ kind: 'emirates_id', side: 'front', remaining_sides: ['back'], details: null });
    });

    it('reads a passport data page for a visitor, JPEG or PNG', async () => {
      const v = await t.ready();
      await t.activation(v, 'non_resident', 'esim');
      for (const image of [jpeg('passport:P1000001'), png('passport:P1000001')]) {
        const res = await t.document(v, 'data_page', image, { type: 'application/octet-stream' });
        expect(DocumentReadResponse.parse(res.json())).toEqual({ kind: 'passport', side: 'data_page', remaining_sides: [], details: passportDetails('P1000001') });
      }
    });

    it('needs the activation method answered first', async () => {
      const v = await t.ready();
      expectCode(await t.document(v, 'front', jpeg('eid-front')), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
    });

    it('keeps each path to its step: no session, no e-mail login, outside the UAE, a visitor whose id check is closed', async () => {
      const anonymous = await t.ready({ email: false });
      expectCode(await t.document({ ...anonymous, headers: { ...anonymous.headers, 'session-id': '0'.repeat(64) } }, 'front', jpeg('eid-front')), 401, SESSION_RECOVERY_CODE);
      expectCode(await t.document(anonymous, 'front', jpeg('eid-front')), 409, API_ERROR_CODES.stepNotAllowed);
      const outside = await t.ready({ inside: false });
      expectCode(await t.document(outside, 'front', jpeg('eid-front')), 409, API_ERROR_CODES.stepNotAllowed);
      // A visitor verifies on the id check: closed without a plan, or once paid.
      const visitor = await t.ready();
      await t.activation(visitor, 'non_resident', 'esim');
      t.overlay.set(visitor.uid, { is_number_selected: true });
      const res = await t.document(visitor, 'data_page', jpeg('passport:P1000001'));
      expectCode(res, 409, API_ERROR_CODES.stepNotAllowed);
      expect(res.json()).toMatchObject({ message: expect.stringContaining('Step id_check ') });
      t.overlay.set(visitor.uid, { is_number_selected: true, is_plan_selected: true, is_plan_paid: true });
      expectCode(await t.document(visitor, 'data_page', jpeg('passport:P1000001')), 409, API_ERROR_CODES.stepNotAllowed);
      expect(t.fake.calls.filter((c) => c.path === '/v1/documents/read' && c.tags[0] === 'passport:P1000001').length).toBeGreaterThan(0);
    });

    it('refuses the wrong side for the document, and the wrong document for the residency', async () => {
      const resident = await t.ready();
      await t.activation(resident, 'resident', 'esim');
      const side = await t.document(resident, 'data_page', jpeg('passport:P1000001'));
      expect(side.statusCode).toBe(400);
      expect(side.json()).toMatchObject({ field: 'body.side', message: expect.stringContaining('front or back') });
      // A passport's MRZ sent as an Emirates ID's back: residents verify with the Emirates ID (-611).
      expectCode(await t.document(resident, 'back', jpeg('passport:P1000001')), 422, -611);
      const visitor = await t.ready();
      await t.activation(visitor, 'non_resident', 'esim');
      expect((await t.document(visitor, 'front', jpeg('eid-front'))).json()).toMatchObject({ field: 'body.side' });
      // An Emirates ID in a visitor's hands: the residency exists (-614).
      expectCode(await t.document(visitor, 'data_page', jpeg(`eid-back:${EID_CARD}:${EID_ID}`)), 422, -614);
      expect(stored(resident.uid).checks + stored(visitor.uid).checks).toBe(0);
    });

    it('refuses the back of another card than the front (-619) and starts the check again', async () => {
      const v = await t.ready();
      await t.activation(v, 'resident', 'esim');
      await t.document(v, 'front', jpeg('eid-front:111111111'));
      expectCode(await t.document(v, 'back', png(`eid-back:222222222:${EID_ID}`)), 422, -619);
      expect(stored(v.uid)).toMatchObject({ checks: 0, sides: [] });
      expect((await t.document(v, 'back', png(`eid-back:111111111:${EID_ID}`))).json()).toMatchObject({ remaining_sides: ['front'] });
    });

    it.each([
      ['a form-encoded body', { 'content-type': 'application/x-www-form-urlencoded' }, 'side=front&source=upload', 415, 'body'],
      ['a multipart body cut short', {}, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="side"\r\n\r\nfro`, 400, 'body'],
      ['no file', {}, multipartBody({ side: 'front', source: 'upload' }), 400, 'body.image'],
      ['no side', {}, multipartBody({ source: 'upload' }, [{ data: jpeg('eid-front') }]), 400, 'body.side'],
      ['a side that is none', {}, multipartBody({ side: 'left', source: 'upload' }, [{ data: jpeg('eid-front') }]), 400, 'body.side'],
      ['a bad source', {}, multipartBody({ side: 'front', source: 'fax' }, [{ data: jpeg('eid-front') }]), 400, 'body.source'],
      ['an unknown field', {}, multipartBody({ side: 'front', source: 'upload', x: '1' }, [{ data: jpeg('eid-front') }]), 400, 'body.x'],
      ['a field twice', {}, Buffer.concat([multipartBody({ side: 'front', source: 'upload' }, [{ data: jpeg('eid-front') }]).subarray(0, -(BOUNDARY.length + 6)), multipartBody({ side: 'back' })]), 400, 'body.side'],
      ['two files', {}, multipartBody({ side: 'front', source: 'upload' }, [{ data: jpeg('eid-front') }, { data: jpeg('eid-front') }]), 400, 'body.image'],
      ['a file under another name', {}, multipartBody({ side: 'front', source: 'upload' }, [{ data: jpeg('eid-front'), field: 'photo' }]), 400, 'body.photo'],
    ] as const)('answers %s with a 4xx naming the field', async (_name, headers, payload, statusCode, field) => {
      const v = await t.ready();
      await t.activation(v, 'resident', 'esim');
      const res = await t.app.inject({ method: 'POST', url: '/api/identity/document', headers: { ...multipartHeaders(v), ...headers }, payload });
      expect({ status: res.statusCode, body: res.json() as unknown }).toMatchObject({ status: statusCode, body: { code: API_ERROR_CODES.badRequest, field } });
      expect(stored(v.uid).checks).toBe(0);
    });

    it('takes the type from the bytes: a GIF declared as a JPEG is -642, an empty file too', async () => {
      const v = await t.ready();
      await t.activation(v, 'non_resident', 'esim');
      expectCode(await t.document(v, 'data_page', GIF, { type: 'image/jpeg' }), 422, -642);
      expectCode(await t.document(v, 'data_page', Buffer.alloc(0)), 422, -642);
      expectCode(await t.document(v, 'data_page', Buffer.from('%PDF-1.7 passport:P1000001')), 422, -642);
    });

    it('takes exactly 5 MB, refuses 5 MB + 1 byte with -644, and stops reading the body at the limit', async () => {
      const v = await t.ready();
      await t.activation(v, 'non_resident', 'esim');
      const tag = jpeg('passport:P1000001:pad=');
      const exact = Buffer.concat([tag, Buffer.alloc(DOCUMENT_MAX_BYTES - tag.length, 0x41)]);
      expect((await t.document(v, 'data_page', exact)).statusCode).toBe(200);
      expectCode(await t.document(v, 'data_page', Buffer.concat([exact, Buffer.from('A')])), 413, -644);

      // A 40 MB upload over a real socket: the answer comes once little more than the limit
      // is in, the connection closes, and the rest is never read.
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const head = Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="side"\r\n\r\ndata_page\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="source"\r\n\r\nupload\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
      const total = 40 * 1024 * 1024;
      const { port } = new URL(address);
      const answer = await new Promise<{ status: number; body: string; sentBefore: number }>((resolve, reject) => {
        let sent = 0;
        let answered = false;
        const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/identity/document', headers: { ...multipartHeaders(v), 'content-length': String(total) } });
        req.on('response', (res) => {
          answered = true;
          const sentBefore = sent;
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, sentBefore }));
        });
        req.on('error', (err) => (answered ? undefined : reject(err)));
        const chunk = Buffer.alloc(64 * 1024, 0x41);
        const pump = () => {
          while (!answered && sent < total) {
            const left = total - sent;
            const piece = sent === 0 ? Buffer.concat([head, tag]) : left <= tail.length + chunk.length ? Buffer.concat([chunk.subarray(0, left - tail.length), tail]) : chunk;
            sent += piece.length;
            if (!req.write(piece)) return void req.once('drain', pump);
          }
          if (!answered) req.end();
        };
        pump();
      });
      expect({ status: answer.status, body: JSON.parse(answer.body) as unknown }).toMatchObject({ status: 413, body: { code: -644 } });
      // What the server read, plus what the sockets' buffers took in on both sides.
      expect(answer.sentBefore).toBeLessThan(DOCUMENT_MAX_BYTES + 8 * 1024 * 1024);
    });

    it.each([-606, -608, -642, -644, -645, -646])('passes the authority’s %i through with 422', async (code) => {
      const v = await t.ready();
      await t.activation(v, 'non_resident', 'esim');
      expectCode(await t.document(v, 'data_page', jpeg(`code:${code}`)), code === -644 ? 413 : 422, code);
      expect(stored(v.uid).checks).toBe(0);
    });

    it.each([
      ['a 503', 'status:503'],
      ['a timeout', 'slow'],
      ['bad JSON', 'badjson'],
      ['an answer of another shape', 'badshape'],
    ])('answers -607 with 503 on %s from the authority', async (_name, tag) => {
      const v = await t.ready();
      await t.activation(v, 'non_resident', 'esim');
      expectCode(await t.document(v, 'data_page', jpeg(tag)), 503, -607);
    });

    it('answers -606 for an MRZ side the authority read no MRZ on', async () => {
      const v = await t.ready();
      await t.activation(v, 'resident', 'esim');
      expectCode(await t.document(v, 'back', jpeg('eid-front')), 422, -606);
    });
  });

  describe('POST /identity/face/challenge', () => {
    const issue = async (v: Visitor) => {
      const res = await t.challenge(v);
      expect(res.statusCode).toBe(200);
      return FaceChallengeResponse.parse(res.json());
    };
    const frames = [jpeg('match'), jpeg('match'), jpeg('match')];
    const query = (sql: string, ...params: unknown[]): unknown[] => {
      const db = new Database(t.dbFile, { readonly: true });
      try {
        return db.prepare(sql).all(...params);
      } finally {
        db.close();
      }
    };

    it('issues a random prompt and a fresh nonce, once the document is in; stores only the nonce’s hash', async () => {
      const v = await t.ready();
      expectCode(await t.challenge(v), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
      const { v: w } = await visitorAtDetails();
      const prompts = new Set<string>();
      const nonces = new Set<string>();
      for (let i = 0; i < 24; i++) {
        const c = await issue(w);
        expect(c).toMatchObject({ expires_in: FACE_CHALLENGE_TTL_S, frames: 3 });
        prompts.add(c.prompt);
        nonces.add(c.nonce);
        expect(JSON.stringify(query('SELECT * FROM face_challenges'))).not.toContain(c.nonce);
      }
      expect(nonces.size).toBe(24);
      // 24 draws of 4 prompts: all four (a miss has a chance of 4 x (3/4)^24, about 1 in 250).
      expect(prompts.size).toBeGreaterThanOrEqual(3);
    });

    it('is single use: a second attempt with the same nonce is refused, whatever the first answered', async () => {
      const { v } = await visitorAtDetails();
      const { nonce } = await issue(v);
      expectCode(await t.faceFrames(v, nonce, [jpeg('code:-620'), jpeg('x'), jpeg('x')]), 422, -620);
      expectCode(await t.faceFrames(v, nonce, frames), 409, IDENTITY_ERROR_CODES.faceChallenge);
      const again = await issue(v);
      expect((await t.faceFrames(v, again.nonce, frames)).statusCode).toBe(200);
    });

    it('a new challenge replaces the earlier one; a wrong nonce uses the challenge up', async () => {
      const { v } = await visitorAtDetails();
      const compares = compareCalls();
      const first = await issue(v);
      const second = await issue(v);
      expectCode(await t.faceFrames(v, first.nonce, frames), 409, IDENTITY_ERROR_CODES.faceChallenge);
      // The first attempt (with the wrong nonce) took the second challenge too.
      expectCode(await t.faceFrames(v, second.nonce, frames), 409, IDENTITY_ERROR_CODES.faceChallenge);
      expect(compareCalls()).toBe(compares);
    });

    it('is refused for another session', async () => {
      const { v } = await visitorAtDetails();
      const { v: other } = await visitorAtDetails();
      const mine = await issue(v);
      expectCode(await t.faceFrames(other, mine.nonce, frames), 409, IDENTITY_ERROR_CODES.faceChallenge);
      expect((await t.faceFrames(v, mine.nonce, frames)).statusCode).toBe(200);
    });

    it('expires', async () => {
      const { v } = await visitorAtDetails();
      const { nonce } = await issue(v);
      const compares = compareCalls();
      t.clock.advance(FACE_CHALLENGE_TTL_S * 1000);
      expectCode(await t.faceFrames(v, nonce, frames), 409, IDENTITY_ERROR_CODES.faceChallenge);
      expect(compareCalls()).toBe(compares);
    });

    it('sends the challenge’s own prompt to the authority, and records the person whose reference portrait matched', async () => {
      const { v } = await visitorAtDetails();
      const { nonce, prompt } = await issue(v);
      expect((await t.faceFrames(v, nonce, frames)).statusCode).toBe(200);
      expect(t.fake.calls.at(-1)?.body).toMatchObject({ prompt, document: { kind: 'passport', number: 'P1000001' } });
      expect(query('SELECT face_person_ref, liveness FROM identity_checks WHERE uid = ?', v.uid)[0]).toEqual({ face_person_ref: 'person-P1000001', liveness: 'passed' });
    });

    it('the decision must name the person whose reference portrait the face matched (else -620)', async () => {
      const { v } = await visitorAtDetails('P1000620');
      expect((await t.face(v, jpeg('match:no-reference'))).statusCode).toBe(200);
      expectCode(await t.details(v, passportDetails('P1000620')), 422, -620);
      expect(stored(v.uid).decisions.at(-1)).toMatchObject({ outcome: 'refused', code: -620 });
      expect((await t.face(v, jpeg('match'))).statusCode).toBe(200);
      expect((await t.details(v, passportDetails('P1000620'))).statusCode).toBe(200);
    });
  });

  describe('POST /identity/face', () => {
    it('compares the selfie with the document’s portrait (the side with the face) and never stores it', async () => {
      const v = await t.ready();
      await t.activation(v, 'resident', 'esim');
      await t.document(v, 'back', png(`eid-back:${EID_CARD}:${EID_ID}`));
      await t.document(v, 'front', jpeg('eid-front'));
      const res = await t.face(v, jpeg('match'));
      expect(res.statusCode).toBe(200);
      expect(FaceCheckResponse.parse(res.json())).toEqual({ face_matched: true });
      expect(t.fake.calls.at(-1)).toMatchObject({
        path: '/v1/faces/compare',
        tags: ['eid-front', 'match', 'match', 'match'],
        body: { document: { kind: 'emirates_id', number: EID_CARD }, frames: 3 },
      });
      expect(FACE_PROMPTS).toContain(t.fake.calls.at(-1)?.body.prompt);
      expect(stored(v.uid).sides.map((s) => s.side).sort()).toEqual(['back', 'front']);
      expect(stored(v.uid).anyBlobWith('match')).toBe(false);
    });

    it('needs every side of the document first', async () => {
      const v = await t.ready();
      expectCode(await t.face(v, jpeg('match')), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
      await t.activation(v, 'resident', 'esim');
      expectCode(await t.face(v, jpeg('match')), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
      await t.document(v, 'front', jpeg('eid-front'));
      expectCode(await t.face(v, jpeg('match')), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
    });

    it.each([-620, -622, -643])('passes the authority’s %i through, keeps the document and records the refusal', async (code) => {
      const { v } = await visitorAtDetails();
      expectCode(await t.face(v, jpeg(`code:${code}`)), 422, code);
      expect(stored(v.uid).sides).toHaveLength(1);
      expect(stored(v.uid).decisions.at(-1)).toMatchObject({ outcome: 'refused', code, document_number: 'P1000001' });
      // The face must be taken again before the details.
      expectCode(await t.details(v, passportDetails('P1000001')), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
      expect((await t.face(v, jpeg('match'))).statusCode).toBe(200);
    });

    it.each([['status:503'], ['slow'], ['badjson']])('answers -607 on %s and records nothing', async (tag) => {
      const { v } = await visitorAtDetails();
      expectCode(await t.face(v, jpeg(tag)), 503, -607);
      expect(stored(v.uid).decisions).toEqual([]);
    });

    it('takes frames only, with a nonce and no word of the client’s about liveness, each checked like the document', async () => {
      const { v } = await visitorAtDetails();
      const compares = compareCalls();
      const nonceOf = async () => FaceChallengeResponse.parse((await t.challenge(v)).json()).nonce;
      const frames = [jpeg('match'), jpeg('match'), jpeg('match')];
      // A `liveness` field, as pages before issue 23 sent, is refused: the server decides that.
      expect((await t.faceFrames(v, await nonceOf(), frames, { liveness: 'passed' })).json()).toMatchObject({ field: 'body.liveness' });
      expectCode(await t.faceFrames(v, await nonceOf(), [GIF, GIF, GIF]), 422, -642);
      expect((await t.faceFrames(v, await nonceOf(), frames.slice(0, 2))).json()).toMatchObject({ field: 'body.frame' });
      expect((await t.faceFrames(v, await nonceOf(), Array.from({ length: 7 }, () => jpeg('match')))).json()).toMatchObject({ field: 'body.frame' });
      const big = Buffer.concat([jpeg('match'), Buffer.alloc(FACE_FRAME_MAX_BYTES)]);
      expectCode(await t.faceFrames(v, await nonceOf(), [big, big, big]), 413, -644);
      // The old request: one file named image.
      const old = await t.app.inject({
        method: 'POST',
        url: '/api/identity/face',
        headers: multipartHeaders(v),
        payload: multipartBody({ liveness: 'passed' }, [{ data: jpeg('match') }]),
      });
      expect(old.statusCode).toBe(400);
      expect(compareCalls()).toBe(compares);
      expect((await t.face(v, jpeg('match'))).statusCode).toBe(200);
    });
  });

  describe('POST /me/id_details', () => {
    it('verifies a visitor: is_id_verified, the decision stored without images, the answer the flow status', async () => {
      const { v, details } = await visitorAtDetails('P3000001', { sim: 'physical' });
      const res = await t.details(v, details);
      expect(res.statusCode).toBe(200);
      const flow = FlowStatusResponse.parse(res.json());
      expect(flow.flow_status_flags).toMatchObject({ is_id_verified: true, is_resident_done: false });
      expect(flow.flow_context?.has_delivery_form).toBe(false);
      expect(flow).toEqual(await flowOf(v));
      expect(t.fake.calls.at(-1)).toMatchObject({ path: '/v1/persons/verify', body: { number: 'P3000001', declared_residency: 'non_resident', id_number: null } });
      const s = stored(v.uid);
      expect(s).toMatchObject({ sides: [], checks: 0 });
      expect(s.decisions).toEqual([
        expect.objectContaining({
          outcome: 'verified',
          code: null,
          document_kind: 'passport',
          document_number: 'P3000001',
          expiry_date: '2031-01-01',
          birth_date: '1990-05-05',
          person_ref: 'person-P3000001',
          liveness: 'passed',
          decided_at: t.clock.now(),
        }),
      ]);
    });

    it('sets is_resident_done and the delivery form for a resident with a physical SIM', async () => {
      const { v, details } = await residentAtDetails('physical');
      const flow = FlowStatusResponse.parse((await t.details(v, details)).json());
      expect(flow.flow_status_flags).toMatchObject({ is_resident_done: true, is_id_verified: false });
      expect(flow.flow_context?.has_delivery_form).toBe(true);
      expect(t.fake.calls.at(-1)?.body).toMatchObject({ kind: 'emirates_id', id_number: EID_ID, declared_residency: 'resident' });
      expect(stored(v.uid).sides).toEqual([]);
    });

    it('sets is_id_verified for a resident with an eSIM', async () => {
      const { v, details } = await residentAtDetails('esim');
      const flow = FlowStatusResponse.parse((await t.details(v, details)).json());
      expect(flow.flow_status_flags).toMatchObject({ is_resident_done: false, is_id_verified: true });
      expect(flow.flow_context?.has_delivery_form).toBe(false);
    });

    it('closes every identity call once verified', async () => {
      const { v, details } = await visitorAtDetails('P4000001');
      await t.details(v, details);
      for (const res of [
        await t.details(v, details),
        await t.document(v, 'data_page', jpeg('passport:P4000001')),
        await t.face(v, jpeg('match')),
        await t.activation(v, 'non_resident', 'esim'),
      ]) {
        expectCode(res, 409, API_ERROR_CODES.stepNotAllowed);
      }
    });

    it('needs the document and the face first, and the details as read (409 details_changed)', async () => {
      const v = await t.ready();
      await t.activation(v, 'non_resident', 'esim');
      expectCode(await t.details(v, passportDetails('P1000001')), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
      await t.document(v, 'data_page', jpeg('passport:P1000001'));
      expectCode(await t.details(v, passportDetails('P1000001')), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
      await t.face(v, jpeg('match'));
      expectCode(await t.details(v, passportDetails('P1000001', { surname: 'DOES' })), 409, IDENTITY_ERROR_CODES.detailsChanged);
      expectCode(await t.details(v, passportDetails('P1000002')), 409, IDENTITY_ERROR_CODES.detailsChanged);
      const bad = await t.details(v, { ...passportDetails('P1000001'), birth_date: '05/05/1990' });
      expect(bad.json()).toMatchObject({ code: API_ERROR_CODES.badRequest, field: 'body.birth_date' });
      expect(t.fake.calls.some((c) => c.path === '/v1/persons/verify' && c.body.number === 'P1000001')).toBe(false);
      expect((await t.details(v, passportDetails('P1000001'))).statusCode).toBe(200);
    });

    it.each([
      ['under 18 (-10018)', 'birth=2008-01-16', -10018],
      ['an expired document (-639)', 'expiry=2026-01-14', -639],
    ])('refuses %s before asking the authority, records it and deletes the images', async (_name, option, code) => {
      const number = `P5${String(code).slice(-4)}`;
      const { v, details } = await visitorAtDetails(number, { tag: `passport:${number}:${option}` });
      const asked = t.fake.calls.length;
      expectCode(await t.details(v, details), 422, code);
      expect(t.fake.calls.slice(asked).filter((c) => c.path === '/v1/persons/verify')).toEqual([]);
      const s = stored(v.uid);
      expect(s).toMatchObject({ sides: [], checks: 0 });
      expect(s.decisions.at(-1)).toMatchObject({ outcome: 'refused', code, document_number: number });
      expect((await flowOf(v)).flow_status_flags).toMatchObject({ is_id_verified: false, is_resident_done: false });
    });

    it('takes an 18th birthday today and a document expiring today', async () => {
      const { v, details } = await visitorAtDetails('P6000001', { tag: 'passport:P6000001:birth=2008-01-15:expiry=2026-01-15' });
      expect((await t.details(v, details)).statusCode).toBe(200);
    });

    it.each([
      [-640, 'keep'],
      [-609, 'keep'],
      [-611, 'drop'],
      [-614, 'drop'],
      [-615, 'drop'],
      [-116, 'drop'],
      [-169, 'drop'],
      [-10018, 'drop'],
      [-618, 'drop'],
    ] as const)('maps the authority’s %i to the answer, records it and %ss the pending check', async (code, pending) => {
      const number = `P7${String(-code).padStart(6, '0')}`;
      t.fake.verifyAnswers.set(number, { status: 422, body: { code } });
      const { v, details } = await visitorAtDetails(number);
      expectCode(await t.details(v, details), 422, code);
      const s = stored(v.uid);
      expect(s.decisions.at(-1)).toMatchObject({ outcome: 'refused', code, person_ref: null });
      expect(s.checks).toBe(pending === 'keep' ? 1 : 0);
      expect(s.sides).toHaveLength(pending === 'keep' ? 1 : 0);
      // Kept: the visitor may try again without retaking anything.
      expectCode(await t.details(v, details), pending === 'keep' ? 422 : 409, pending === 'keep' ? code : IDENTITY_ERROR_CODES.checkOutOfOrder);
    });

    it.each([
      ['a 503', { status: 503, body: { error: 'busy' } }],
      ['a timeout', 'slow'],
      ['bad JSON', 'badjson'],
      ['a 422 without a code', { status: 422, body: { error: 'x' } }],
    ] as const)('answers -607 on %s, records no decision and keeps the check to retry', async (_name, answer) => {
      const number = `P8${_name.length}${String(answer).length}`;
      t.fake.verifyAnswers.set(number, answer);
      const { v, details } = await visitorAtDetails(number);
      expectCode(await t.details(v, details), 503, -607);
      expect(stored(v.uid)).toMatchObject({ decisions: [], checks: 1 });
      t.fake.verifyAnswers.delete(number);
      expect((await t.details(v, details)).statusCode).toBe(200);
    });
  });

  describe('ownership', () => {
    it('keeps each visitor’s check their own: nobody reads or completes another’s', async () => {
      const { v: alice, details } = await visitorAtDetails('P9000001');
      const bob = await t.ready();
      await t.activation(bob, 'non_resident', 'esim');
      expectCode(await t.face(bob, jpeg('match')), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
      expectCode(await t.details(bob, details), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
      const own = DocumentReadResponse.parse((await t.document(bob, 'data_page', jpeg('passport:P9000002'))).json());
      expect(own.details?.number).toBe('P9000002');
      expectCode(await t.details(bob, details), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
      expect((await t.face(bob, jpeg('match'))).statusCode).toBe(200);
      expectCode(await t.details(bob, details), 409, IDENTITY_ERROR_CODES.detailsChanged);
      expect((await t.details(alice, details)).statusCode).toBe(200);
      expect((await flowOf(bob)).flow_status_flags.is_id_verified).toBe(false);
      expect(stored(bob.uid).sides).toHaveLength(1);
    });
  });
});

describe('the identity check without an authority', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { locationMax: 1000 }, flowFlagsOverlay: () => ({ is_plan_selected: true, is_number_selected: true }) });
  });
  afterAll(() => t.close());

  it('answers -607 with 503', async () => {
    const v = await t.loginWithCode(await t.login(), 'no-authority@example.com');
    await t.get(v, '/api/securitymanagement/check_location.json?lat=25.20480&lng=55.27080&process_id=1');
    expect((await t.post(v, '/api/me/activation_method', { resident_type: 'non_resident', sim_type: 'esim' })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/document',
      headers: multipartHeaders(v),
      payload: multipartBody({ side: 'data_page', source: 'upload' }, [{ data: jpeg('passport:P1000001') }]),
    });
    expectCode(res, 503, -607);
  });
});

describe('the identity check’s pending images after 30 minutes, and its budget', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp({ sweepIntervalMs: 20 });
  });
  afterAll(() => t.close());

  it('forgets the document after 30 minutes and the sweep deletes its images', async () => {
    const v = await t.ready();
    await t.activation(v, 'non_resident', 'esim');
    await t.document(v, 'data_page', jpeg('passport:P1000001'));
    const count = () => {
      const db = new Database(t.dbFile, { readonly: true });
      const n = (db.prepare('SELECT COUNT(*) AS n FROM identity_check_sides WHERE uid = ?').get(v.uid) as { n: number }).n;
      db.close();
      return n;
    };
    t.clock.advance(29 * 60_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(count()).toBe(1);
    expect((await t.face(v, jpeg('match'))).statusCode).toBe(200);
    t.clock.advance(60_000);
    expectCode(await t.details(v, passportDetails('P1000001')), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
    await new Promise((r) => setTimeout(r, 100));
    expect(count()).toBe(0);
  });
});

describe('the identity budget per address', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp({ rateLimit: { identityMax: 4 } });
  });
  afterAll(() => t.close());

  it('counts every identity call together (the face challenge too) and answers 429 beyond it', async () => {
    const v = await t.ready();
    expect((await t.activation(v, 'non_resident', 'esim')).statusCode).toBe(200);
    expect((await t.document(v, 'data_page', jpeg('passport:P1000001'))).statusCode).toBe(200);
    expect((await t.face(v, jpeg('match'))).statusCode).toBe(200);
    const over = await t.details(v, passportDetails('P1000001'));
    expectCode(over, 429, API_ERROR_CODES.rateLimited);
    expect(t.fake.calls.filter((c) => c.path === '/v1/persons/verify')).toEqual([]);
  });
});
