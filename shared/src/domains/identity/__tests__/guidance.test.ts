import { KNOWN_SERVER_CODES, messageTypeForCode } from '@join/shared';
import {
  ActivationMethodBody,
  DocumentDetails,
  documentKindFor,
  GUIDANCE_KINDS,
  guidanceForCode,
  IDENTITY_DECISION_CODES,
} from '../schemas';

/** SPEC 8's identity codes: -606 … -646, blacklisted -116, under age -10018, max SIMs. */
const SPEC_IDENTITY_CODES = [
  ...Array.from({ length: 646 - 606 + 1 }, (_, i) => -606 - i).filter((c) => c !== -610 && c !== -613),
  -116,
  -10018,
  -169,
  -578,
  -579,
  -584,
];

describe('the identity code -> guidance table', () => {
  it('covers every identity code of SPEC 8 and nothing else', () => {
    expect([...IDENTITY_DECISION_CODES].sort()).toEqual([...SPEC_IDENTITY_CODES].sort());
    for (const code of IDENTITY_DECISION_CODES) {
      expect(KNOWN_SERVER_CODES).toContain(code);
      expect(messageTypeForCode(code)).not.toBe('error_general');
    }
  });

  it('shows each answer where the visitor can act on it', () => {
    expect(guidanceForCode(-606)).toEqual({ kind: 'retake_document', screen: 'document' });
    expect(guidanceForCode('-608')).toEqual({ kind: 'retake_document', screen: 'document' });
    expect(guidanceForCode(-642)).toEqual({ kind: 'upload_document', screen: 'document' });
    expect(guidanceForCode(-644)).toEqual({ kind: 'upload_document', screen: 'document' });
    expect(guidanceForCode(-620)).toEqual({ kind: 'retake_face', screen: 'face' });
    expect(guidanceForCode(-622)).toEqual({ kind: 'retake_face', screen: 'face' });
    expect(guidanceForCode(-611)).toEqual({ kind: 'use_emirates_id', screen: 'details' });
    expect(guidanceForCode(-612)).toEqual({ kind: 'use_emirates_id', screen: 'details' });
    expect(guidanceForCode(-639)).toEqual({ kind: 'other_document', screen: 'document' });
    expect(guidanceForCode(-607)).toEqual({ kind: 'retry_later', screen: 'details' });
    expect(guidanceForCode(-116)).toEqual({ kind: 'contact', screen: 'details' });
    expect(guidanceForCode(-169)).toEqual({ kind: 'max_sims', screen: 'details' });
    expect(guidanceForCode(-10018)).toEqual({ kind: 'ended', screen: 'details' });
  });

  it('uses every guidance kind, and answers null for codes that are not the check’s', () => {
    expect(new Set(IDENTITY_DECISION_CODES.map((c) => guidanceForCode(c)?.kind))).toEqual(new Set(GUIDANCE_KINDS));
    for (const code of [-107, -7109, -27, 0, null, undefined, 'bad_request', '-6x']) expect(guidanceForCode(code)).toBeNull();
  });
});

describe('the identity payloads', () => {
  it('takes the two answers of the activation method, nothing else', () => {
    expect(ActivationMethodBody.parse({ resident_type: 'resident', sim_type: 'esim' })).toEqual({ resident_type: 'resident', sim_type: 'esim' });
    expect(ActivationMethodBody.safeParse({ resident_type: 'tourist', sim_type: 'esim' }).success).toBe(false);
    expect(ActivationMethodBody.safeParse({ resident_type: 'resident', sim_type: 'esim', is_id_verified: 'true' }).success).toBe(false);
  });

  it('asks residents for the Emirates ID and visitors for the passport', () => {
    expect(documentKindFor('resident')).toBe('emirates_id');
    expect(documentKindFor('non_resident')).toBe('passport');
  });

  it('reads a passport without an Emirates ID number, and refuses malformed details', () => {
    const passport = {
      kind: 'passport',
      number: 'L898902C3',
      issuing_country: 'GBR',
      nationality: 'GBR',
      surname: 'HOPPER',
      given_names: 'GRACE',
      birth_date: '1990-12-09',
      expiry_date: '2034-01-01',
      sex: 'F',
    };
    expect(DocumentDetails.parse(passport).id_number).toBeNull();
    expect(DocumentDetails.safeParse({ ...passport, id_number: '784123' }).success).toBe(false);
    expect(DocumentDetails.safeParse({ ...passport, birth_date: '09/12/1990' }).success).toBe(false);
    expect(DocumentDetails.safeParse({ ...passport, nationality: 'gb' }).success).toBe(false);
  });
});
