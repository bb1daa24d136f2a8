import type { DocumentDetails } from '@join/shared/contract';
import { eidDetails, jpeg, passportDetails, png } from './fake-authority';
import { form, type TestApp, type Visitor } from './harness';
import { multipartBody, multipartHeaders, type FilePart } from './identity-helpers';

/**
 * Test support: a logged-in visitor through the identity check for real, against the in-test
 * authority (api/src/testing/fake-authority.ts, which reads its images' tags): inside the UAE, the
 * activation method answered, the document's sides sent, the face challenge answered, the details confirmed. The
 * server records the decision for the visitor's account, as for any visitor; nothing is overlaid.
 */
export interface IdentityChoice {
  resident: 'resident' | 'non_resident';
  sim: 'esim' | 'physical';
  /** The document number (a passport's, or an Emirates ID card's); unique per visitor by default. */
  number?: string;
  /** A retail customer (a shop device's session): no location check in the flow. */
  retail?: boolean;
}

const DUBAI = 'lat=25.20480&lng=55.27080&process_id=1';
let documents = 0;

const must = (what: string, res: { statusCode: number; body: string }) => {
  if (res.statusCode !== 200) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return res;
};

/** A new passport number or Emirates ID card number, one per call. */
export function newDocumentNumber(resident: boolean): string {
  documents += 1;
  const n = String(documents).padStart(6, '0');
  return resident ? `10${n}0` : `PX${n}`;
}

export async function verifyIdentity(t: TestApp, v: Visitor, choice: IdentityChoice): Promise<DocumentDetails> {
  const resident = choice.resident === 'resident';
  const number = choice.number ?? newDocumentNumber(resident);
  const upload = (url: string, fields: Record<string, string>, file: FilePart) =>
    t.app.inject({ method: 'POST', url, headers: multipartHeaders(v), payload: multipartBody(fields, [file]) });

  // A retail customer's flow has no location check (the shop is in the UAE): the step is refused there.
  if (!choice.retail) must('location check', await t.get(v, `/api/securitymanagement/check_location.json?${DUBAI}`));
  must('activation method', await t.post(v, '/api/me/activation_method', { resident_type: choice.resident, sim_type: choice.sim }));
  let details: DocumentDetails;
  if (resident) {
    const idNumber = `7841988${number.padStart(8, '0').slice(-8)}`;
    must('document front', await upload('/api/identity/document', { side: 'front', source: 'upload' }, { data: jpeg('eid-front') }));
    must('document back', await upload('/api/identity/document', { side: 'back', source: 'upload' }, { data: png(`eid-back:${number}:${idNumber}`) }));
    details = eidDetails(number, idNumber);
  } else {
    must('document', await upload('/api/identity/document', { side: 'data_page', source: 'upload' }, { data: jpeg(`passport:${number}`) }));
    details = passportDetails(number);
  }
  // The face answers a live challenge: its nonce, and three frames (the fake authority
  // reads the first one's tag: the reference portrait of the document's person matched).
  const issued = must('face challenge', await t.app.inject({ method: 'POST', url: '/api/identity/face/challenge', headers: v.headers }));
  const frames = [1, 2, 3].map((i): FilePart => ({ data: jpeg('match'), field: 'frame', filename: `frame-${i}.jpg` }));
  must(
    'face',
    await t.app.inject({ method: 'POST', url: '/api/identity/face', headers: multipartHeaders(v), payload: multipartBody({ nonce: String((JSON.parse(issued.body) as { nonce: unknown }).nonce) }, frames) }),
  );
  const body = Object.fromEntries(Object.entries(details).filter((e): e is [string, string] => e[1] !== null));
  must('details', await t.app.inject({ method: 'POST', url: '/api/me/id_details', ...form(v.headers, body) }));
  return details;
}
