import { createServer } from 'node:net';
import { createHttpAuthority, IDENTITY_API_FAILURE, unconfiguredAuthority, type IdentityAuthority } from '../authority-client';
import { FAKE_AUTHORITY_KEY, jpeg, passportDetails, png, startFakeAuthority, type FakeAuthority } from '../../../testing/fake-authority';

/**
 * The HTTP client of the identity authority, against a server speaking its contract on a real
 * port: answers pass through, the authority's 422 codes pass through, and every other failure
 * (5xx, timeout, network, an answer that is not JSON or not the contract's, a refused key) is -607.
 */
/** A face comparison of a passport P1 with three frames of one tag. */
const faceQuery = (frame: Buffer) => ({
  document: { kind: 'passport' as const, number: 'P1' },
  documentImage: jpeg('passport:P1'),
  frames: [frame, frame, frame],
  prompt: 'left' as const,
});

const PERSON = {
  kind: 'passport' as const,
  number: 'P1000001',
  id_number: null,
  nationality: 'GBR',
  birth_date: '1990-05-05',
  expiry_date: '2031-01-01',
  sex: 'F' as const,
  declared_residency: 'non_resident' as const,
};

/** A port nothing listens on: taken, then freed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('the identity authority over HTTP', () => {
  let fake: FakeAuthority;
  let authority: IdentityAuthority;
  beforeAll(async () => {
    fake = await startFakeAuthority();
    authority = createHttpAuthority({ url: fake.url, key: FAKE_AUTHORITY_KEY, timeoutMs: 500 });
  });
  afterAll(() => fake.close());

  it('reads a document: the image in base64 with its SHA-256, the side, and the answer parsed', async () => {
    expect(await authority.readDocument(jpeg('passport:P1000001'), 'data_page')).toEqual({
      ok: true,
      value: { document: passportDetails('P1000001'), mrz_found: true, face_found: true },
    });
    expect(await authority.readDocument(png('eid-front'), 'front')).toEqual({ ok: true, value: { document: null, mrz_found: false, face_found: true } });
    expect(fake.calls.at(-1)).toMatchObject({ path: '/v1/documents/read', tags: ['eid-front'], body: { side: 'front' } });
  });

  it('pads a country code the authority gives without its fillers to the contract’s three characters, and unpads it to verify', async () => {
    const read = await authority.readDocument(jpeg('german:C01X00T47'), 'data_page');
    expect(read).toMatchObject({ ok: true, value: { document: { nationality: 'D<<', issuing_country: 'D<<' } } });
    await authority.verifyPerson({ ...PERSON, nationality: 'D<<' });
    expect(fake.calls.at(-1)?.body).toMatchObject({ nationality: 'D' });
    // A nationality of fillers only (the authority judges it: -624 from its registry).
    expect(await authority.readDocument(jpeg('german:C01X00T47:'), 'data_page')).toMatchObject({ ok: true, value: { document: { nationality: '<<<' } } });
    await authority.verifyPerson({ ...PERSON, nationality: '<<<' });
    expect(fake.calls.at(-1)?.body).toMatchObject({ nationality: '<<<' });
  });

  it.each([-606, -608, -642, -644, -645, -646])('passes the authority’s code %i through', async (code) => {
    expect(await authority.readDocument(jpeg(`code:${code}`), 'data_page')).toEqual({ ok: false, code });
  });

  it.each([-643, -622, -620])('passes the face comparison’s code %i through', async (code) => {
    expect(await authority.compareFaces(faceQuery(jpeg(`code:${code}`)))).toEqual({ ok: false, code });
  });

  it('compares faces and verifies a person', async () => {
    expect(await authority.compareFaces(faceQuery(png('match')))).toEqual({ ok: true, value: { match: true, score: 0.91, liveness: 'passed', person_ref: 'person-P1' } });
    expect(fake.calls.at(-1)).toMatchObject({ tags: ['passport:P1', 'match', 'match', 'match'], body: { document: { kind: 'passport', number: 'P1' }, prompt: 'left', frames: 3 } });
    expect(await authority.verifyPerson(PERSON)).toEqual({ ok: true, value: { verified: true, person_ref: 'person-P1000001', resident: false } });
    fake.verifyAnswers.set('P1000640', { status: 422, body: { code: -640 } });
    expect(await authority.verifyPerson({ ...PERSON, number: 'P1000640' })).toEqual({ ok: false, code: -640 });
  });

  it.each([
    ['a 503', 'status:503', 'status'],
    ['a 500', 'status:500', 'status'],
    ['a 302', 'status:302', 'status'],
    ['an answer after the timeout', 'slow', 'timeout'],
    ['a body that is not JSON', 'badjson', 'bad_answer'],
    ['JSON of another shape', 'badshape', 'bad_answer'],
    ['a 422 with a code the check does not know', 'code:-9999', 'unknown_code'],
  ])('makes %s -607', async (_name, tag, reason) => {
    expect(await authority.readDocument(jpeg(tag), 'data_page')).toEqual({ ok: false, code: IDENTITY_API_FAILURE, reason });
  });

  it('makes a 503, a timeout and bad JSON of the verification -607', async () => {
    fake.verifyAnswers.set('P503', { status: 503, body: { error: 'busy' } });
    fake.verifyAnswers.set('PSLOW', 'slow');
    fake.verifyAnswers.set('PBAD', 'badjson');
    for (const number of ['P503', 'PSLOW', 'PBAD']) {
      expect(await authority.verifyPerson({ ...PERSON, number })).toMatchObject({ ok: false, code: IDENTITY_API_FAILURE });
    }
  });

  it('makes a refused key, an unreachable server and no authority at all -607', async () => {
    const wrongKey = createHttpAuthority({ url: fake.url, key: 'wrong', timeoutMs: 500 });
    expect(await wrongKey.readDocument(jpeg('passport:P1'), 'data_page')).toEqual({ ok: false, code: IDENTITY_API_FAILURE, reason: 'unauthorized' });
    const down = createHttpAuthority({ url: `http://127.0.0.1:${await closedPort()}`, key: 'k', timeoutMs: 500 });
    expect(await down.readDocument(jpeg('passport:P1'), 'data_page')).toEqual({ ok: false, code: IDENTITY_API_FAILURE, reason: 'network' });
    expect(await unconfiguredAuthority().verifyPerson(PERSON)).toEqual({ ok: false, code: IDENTITY_API_FAILURE, reason: 'unconfigured' });
  });
});
