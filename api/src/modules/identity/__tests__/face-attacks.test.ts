import { FaceChallengeResponse, FlowStatusResponse, IdentityCheckResponse } from '@join/shared/contract';
import { promptFrames } from '@join/fixtures/face-frames';
import { identityFixture as fixture, withSandboxAuthority } from '../../../testing/sandbox-authority';
import { multipartBody, multipartHeaders, type IdentityTestApp } from '../../../testing/identity-helpers';
import type { Visitor } from '../../../testing/harness';

/**
 * The attacks on the face check, against the real identity authority
 * sandbox (its face model, its registry and its reference portraits) over HTTP.
 *
 * 2. The passport page as the "selfie", with liveness=passed: the API once took any
 *    file with the client's word for liveness, and the authority compared it with the portrait
 *    printed on the same page: face_matched.
 * 3. Photo substitution: a registry person's passport with another person's portrait, and that
 *    other person's selfie: the face matched the printed portrait, and the registry verified the
 *    data: is_id_verified for somebody else's identity.
 */
jest.setTimeout(120_000);
const KEY = 'attack-authority-key-0123456789';
/** Where the portrait sits on a passport data page (scripts/make-identity-documents.mjs). */
const PASSPORT_PORTRAIT = [30, 86, 210, 270] as const;

let t: IdentityTestApp;
const { visitorWith } = withSandboxAuthority(KEY, 60_000, (app) => (t = app));

/** The request clients once sent: one file, and the client's word for liveness. */
const oldStyleFace = (v: Visitor, image: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/identity/face',
    headers: multipartHeaders(v),
    payload: multipartBody({ liveness: 'passed' }, [{ data: image, filename: 'selfie.jpg' }]),
  });

const faceMatched = async (v: Visitor) => IdentityCheckResponse.parse((await t.get(v, '/api/identity/check')).json()).check?.face_matched;
const flags = async (v: Visitor) => FlowStatusResponse.parse((await t.get(v, '/api/me/flow_status')).json()).flow_status_flags;

describe('attack 2: the passport page as the selfie', () => {
  it('is not a face: the client’s liveness means nothing, and frames cut from the page are refused -643', async () => {
    const { v, details } = await visitorWith('passport-visitor.jpg');
    const page = fixture('passport-visitor.jpg');

    // The old request: no challenge, the page as the "selfie", liveness=passed.
    const old = await oldStyleFace(v, page);
    expect(old.statusCode).not.toBe(200);
    expect(await faceMatched(v)).toBe(false);

    // Through a challenge: the page's portrait moved as the prompt asks (the whole page, then the portrait alone).
    for (const crop of [undefined, PASSPORT_PORTRAIT]) {
      const challenge = FaceChallengeResponse.parse((await t.challenge(v)).json());
      const frames = await promptFrames(page, challenge.prompt, crop ? { crop, scale: 1.3 } : {});
      const res = await t.faceFrames(v, challenge.nonce, frames);
      expect([res.statusCode, res.json().code]).toEqual([422, -643]);
    }
    expect(await faceMatched(v)).toBe(false);
    expect((await t.details(v, details)).statusCode).toBe(409);
    expect((await flags(v)).is_id_verified).toBe(false);
  });
});

describe('attack 3: photo substitution', () => {
  it('another person’s portrait on a registry person’s passport, with that person’s live face: -620, never verified', async () => {
    const { v, details } = await visitorWith('passport-photo-substituted.jpg');
    // The registry's person AUTH-P01 (MORGAN), with Eileen Collins's portrait printed on the page.
    expect(details).toMatchObject({ number: '533401871', surname: 'MORGAN' });

    const old = await oldStyleFace(v, fixture('selfie-collins.jpg'));
    if (old.statusCode === 200) {
      // Once the face matched the printed portrait and the registry verified the data.
      const decided = await t.details(v, details);
      expect(decided.statusCode).not.toBe(200);
    }
    expect(await faceMatched(v)).toBe(false);

    const challenge = FaceChallengeResponse.parse((await t.challenge(v)).json());
    const res = await t.faceFrames(v, challenge.nonce, await promptFrames(fixture('selfie-collins.jpg'), challenge.prompt));
    expect([res.statusCode, res.json().code]).toEqual([422, -620]);
    expect(await faceMatched(v)).toBe(false);
    expect((await t.details(v, details)).statusCode).toBe(409);
    expect((await flags(v)).is_id_verified).toBe(false);
  });

  it('the passport’s own holder still passes: Grace Hopper’s live face on MORGAN’s genuine passport', async () => {
    const { v, details } = await visitorWith('passport-visitor.jpg');
    const challenge = FaceChallengeResponse.parse((await t.challenge(v)).json());
    const res = await t.faceFrames(v, challenge.nonce, await promptFrames(fixture('selfie-hopper.jpg'), challenge.prompt));
    expect(res.statusCode).toBe(200);
    expect((await t.details(v, details)).statusCode).toBe(200);
    expect((await flags(v)).is_id_verified).toBe(true);
  });
});
