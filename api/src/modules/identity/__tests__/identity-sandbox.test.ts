import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentReadResponse, FaceChallengeResponse, FlowStatusResponse, type DocumentDetails } from '@join/shared/contract';
import { FRAMES_FOR, mjpegFrames, promptFrames } from '@join/fixtures/face-frames';
import { identityFixture as fixture, withSandboxAuthority } from '../../../testing/sandbox-authority';
import type { IdentityTestApp } from '../../../testing/identity-helpers';
import type { Visitor } from '../../../testing/harness';

/**
 * The operator API against the real identity authority sandbox over HTTP (OCR of the fixture
 * documents, face comparison, the seeded registry): both paths end in their flag, and the
 * refusals arrive with their SPEC 8 codes. The detailed rules are in identity-*.test.ts (with an
 * in-test authority); this proves the two programs speak the same contract.
 */
jest.setTimeout(120_000);
const KEY = 'integration-authority-key-0123456789';

let t: IdentityTestApp;
const { visitorWith } = withSandboxAuthority(KEY, 30_000, (app) => (t = app));

/** The face step as the page does it: a challenge, then frames of the still that follow its prompt. */
async function face(v: Visitor, still: string) {
  const challenge = FaceChallengeResponse.parse((await t.challenge(v)).json());
  return t.faceFrames(v, challenge.nonce, await promptFrames(fixture(still), challenge.prompt));
}

const flagsOf = async (v: Visitor) => FlowStatusResponse.parse((await t.get(v, '/api/me/flow_status')).json());

describe('the identity check against the authority sandbox', () => {
  it('a visitor: passport read by OCR, the same face, the registry says yes: is_id_verified', async () => {
    const { v, details } = await visitorWith('passport-visitor.jpg');
    expect(details).toMatchObject({ kind: 'passport', number: '533401871', surname: 'MORGAN', nationality: 'GBR', sex: 'F' });
    expect((await face(v, 'selfie-hopper.jpg')).statusCode).toBe(200);
    const decided = await t.details(v, details);
    expect(decided.statusCode).toBe(200);
    const flow = await flagsOf(v);
    expect(flow.flow_status_flags).toMatchObject({ is_id_verified: true, is_resident_done: false });
  });

  it('a resident with a physical SIM: both sides of the Emirates ID, the face: is_resident_done and a delivery form', async () => {
    const v = await t.ready();
    expect((await t.activation(v, 'resident', 'physical')).statusCode).toBe(200);
    expect((await t.document(v, 'front', fixture('eid-resident-front.jpg'))).statusCode).toBe(200);
    const back = await t.document(v, 'back', fixture('eid-resident-back.jpg'));
    expect(back.statusCode).toBe(200);
    const { details, remaining_sides } = DocumentReadResponse.parse(back.json());
    expect(remaining_sides).toEqual([]);
    expect(details).toMatchObject({ kind: 'emirates_id', id_number: '784198812345670' });
    expect((await face(v, 'selfie-collins.jpg')).statusCode).toBe(200);
    expect((await t.details(v, details as DocumentDetails)).statusCode).toBe(200);
    const flow = await flagsOf(v);
    expect(flow.flow_status_flags).toMatchObject({ is_resident_done: true, is_id_verified: false });
    expect(flow.flow_context?.has_delivery_form).toBe(true);
  });

  it('refuses another person’s face (-620), two faces (-622), a still photo (-643), and answers the registry’s codes', async () => {
    const { v } = await visitorWith('passport-visitor.jpg');
    const other = await face(v, 'selfie-collins.jpg');
    expect([other.statusCode, other.json().code]).toEqual([422, -620]);
    const two = await face(v, 'selfie-two-faces.jpg');
    expect([two.statusCode, two.json().code]).toEqual([422, -622]);
    // The right face, held still (or moved the other way): not live.
    const challenge = FaceChallengeResponse.parse((await t.challenge(v)).json());
    const still = await t.faceFrames(v, challenge.nonce, await promptFrames(fixture('selfie-hopper.jpg'), challenge.prompt, { amount: 0 }));
    expect([still.statusCode, still.json().code]).toEqual([422, -643]);
    const opposite = { closer: 'farther', farther: 'closer', left: 'right', right: 'left' } as const;
    const next = FaceChallengeResponse.parse((await t.challenge(v)).json());
    const wrongWay = await t.faceFrames(v, next.nonce, await promptFrames(fixture('selfie-hopper.jpg'), opposite[next.prompt]));
    expect([wrongWay.statusCode, wrongWay.json().code]).toEqual([422, -643]);

    const maxed = await visitorWith('passport-max-sims.jpg');
    expect((await face(maxed.v, `selfie-${faceOf('passport-max-sims.jpg')}.jpg`)).statusCode).toBe(200);
    const refused = await t.details(maxed.v, maxed.details);
    expect([refused.statusCode, refused.json().code]).toEqual([422, -169]);
    expect((await flagsOf(maxed.v)).flow_status_flags.is_id_verified).toBe(false);
  });

  it('the live camera feed answers every prompt with the frames e2e/tests/pages/face-frames.ts takes from it', async () => {
    // The e2e helper's table (@join/fixtures/face-frames; the feed's path: scripts/make-identity-documents.mjs `live`).
    const feed = mjpegFrames(fixture('camera-selfie-hopper.mjpeg'));
    expect(feed).toHaveLength(48);
    for (const prompt of ['closer', 'farther', 'left', 'right'] as const) {
      const { v } = await visitorWith('passport-visitor.jpg');
      // The prompt is random: ask until this one comes (each challenge replaces the last).
      let challenge = FaceChallengeResponse.parse((await t.challenge(v)).json());
      while (challenge.prompt !== prompt) challenge = FaceChallengeResponse.parse((await t.challenge(v)).json());
      const res = await t.faceFrames(v, challenge.nonce, FRAMES_FOR[prompt].map((i) => feed[i] as Buffer));
      expect([prompt, res.statusCode]).toEqual([prompt, 200]);
    }
  });

  it('refuses a document whose check digits fail (-608) and an expired passport (-639)', async () => {
    const v = await t.ready();
    expect((await t.activation(v, 'non_resident', 'physical')).statusCode).toBe(200);
    const bad = await t.document(v, 'data_page', fixture('passport-bad-check-digit.jpg'));
    expect([bad.statusCode, bad.json().code]).toEqual([422, -608]);
    const expired = await visitorWith('passport-expired.jpg');
    expect((await face(expired.v, `selfie-${faceOf('passport-expired.jpg')}.jpg`)).statusCode).toBe(200);
    const refused = await t.details(expired.v, expired.details);
    expect([refused.statusCode, refused.json().code]).toEqual([422, -639]);
  });
});

/** The face printed on a fixture document, from the registry the fixtures were drawn from. */
function faceOf(file: string): string {
  const registry = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', '..', 'sandboxes', 'src', 'authority', 'registry.json'), 'utf8')) as {
    cases: { document: { fixture: string; face: string | null } }[];
  };
  const face = registry.cases.find((c) => c.document.fixture === file)?.document.face;
  if (!face) throw new Error(`no face for ${file}`);
  return face;
}
