import { FACE_CHALLENGE_TTL_S, FACE_FRAME_MAX_BYTES, FACE_PROMPTS, FaceChallengeResponse, FaceCheckResponse, IDENTITY_ERROR_CODES } from '@join/shared/contract';
import type { Visitor } from '../../../testing/harness';
import { jpeg, passportDetails, png } from '../../../testing/fake-authority';
import { multipartBody, multipartHeaders, type IdentityTestApp } from '../../../testing/identity-helpers';
import { EID_CARD, EID_ID, GIF, expectCode, withIdentityTestApp } from '../../../testing/identity-scenarios';

/** The identity check's face step: its single-use challenge and the frames it takes. */
describe('the identity check', () => {
  let t: IdentityTestApp;
  const { visitorAtDetails, compareCalls, query, stored } = withIdentityTestApp((app) => (t = app));

  describe('POST /identity/face/challenge', () => {
    const issue = async (v: Visitor) => {
      const res = await t.challenge(v);
      expect(res.statusCode).toBe(200);
      return FaceChallengeResponse.parse(res.json());
    };
    const frames = [jpeg('match'), jpeg('match'), jpeg('match')];

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
      // A `liveness` field, as older pages sent, is refused: the server decides that.
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
});
