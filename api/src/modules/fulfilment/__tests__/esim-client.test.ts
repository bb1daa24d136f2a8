import { activationCode } from '@join/shared/contract';
import { startSandboxesProgram, type SandboxesProgram } from '../../../testing/sandboxes-program';
import { createHttpEsimProvider } from '../esim-client';
import type { EsimOrderRequest, EsimProvider } from '../providers';
import { fakeProviderServer, itIsUnavailableOn, jsonAnswer, neverAnswers } from '../../../testing/fake-provider-server';

/**
 * The eSIM client against the real sandbox (the sandboxes program, on a free port) (ordering, a phone's download through
 * the sandbox's own endpoint, rejections) and against a service that misbehaves.
 */
const KEY = 'esim-client-test-key-0123456';

let keyCount = 0;
const newKey = () => `idem_${Date.now()}_${++keyCount}_abcdefgh`;
const request = (overrides: Partial<EsimOrderRequest> = {}): EsimOrderRequest => ({ msisdn: '971581234567', reference: 'ORD-3001', idempotencyKey: newKey(), ...overrides });

describe('the eSIM client against the sandbox', () => {
  let program: SandboxesProgram;
  let sandbox: { url: string };
  let provider: EsimProvider;
  beforeAll(async () => {
    program = await startSandboxesProgram(['esim'], { JOIN_ESIM_KEY: KEY });
    sandbox = { url: program.url('esim') };
    provider = createHttpEsimProvider({ url: sandbox.url, key: KEY, timeoutMs: 2_000 });
  });
  afterAll(() => program.close());

  it('orders a profile whose activation code names the sandbox (host:port), then sees the phone install it', async () => {
    const ordered = await provider.orderProfile(request());
    if (!ordered.ok) throw new Error(`not ordered: ${ordered.reason}`);
    expect(ordered.value).toEqual({ id: expect.stringMatching(/^prf_/), smdpAddress: new URL(sandbox.url).host, matchingId: expect.stringMatching(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/), state: 'released', installedAt: null });

    // What a phone's LPA does after scanning the QR code.
    const code = activationCode(ordered.value.smdpAddress, ordered.value.matchingId);
    const res = await fetch(`${sandbox.url}/v1/download`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ activation_code: code }) });
    expect(res.status).toBe(200);
    const got = await provider.getProfile(ordered.value.id);
    expect(got).toMatchObject({ ok: true, value: { id: ordered.value.id, state: 'installed', installedAt: expect.stringMatching(/^\d{4}-/) } });
  });

  it('gives the same profile for the same idempotency key, also at once', async () => {
    const same = request();
    const first = await provider.orderProfile(same);
    expect(await provider.orderProfile(same)).toEqual(first);
    const together = request({ msisdn: '971589876543' });
    const answers = await Promise.all([provider.orderProfile(together), provider.orderProfile(together)]);
    expect(new Set(answers.map((a) => (a.ok ? a.value.id : a.reason))).size).toBe(1);
  });

  it("answers 'rejected' for a number the service cannot provision, 'not_found' for an unknown profile", async () => {
    expect(await provider.orderProfile(request({ msisdn: '971581230404' }))).toEqual({ ok: false, reason: 'rejected', detail: 'msisdn_not_provisionable' });
    expect(await provider.getProfile(`prf_${'0'.repeat(24)}`)).toEqual({ ok: false, reason: 'not_found' });
    expect(await provider.getProfile('a/b')).toEqual({ ok: false, reason: 'not_found' });
  });

  it("is 'unavailable' with a wrong key, and for a number the service refuses as malformed (our bug, 400)", async () => {
    const wrong = createHttpEsimProvider({ url: sandbox.url, key: 'another-key-0123456789', timeoutMs: 2_000 });
    expect(await wrong.orderProfile(request())).toEqual({ ok: false, reason: 'unavailable', detail: 'status 401: unauthorized' });
    expect(await provider.orderProfile(request({ msisdn: '4915112345678' }))).toEqual({ ok: false, reason: 'unavailable', detail: 'status 400: invalid_request' });
  });

  it('refuses to send a request that is our bug', async () => {
    await expect(provider.orderProfile(request({ msisdn: '+971 58' }))).rejects.toThrow(/msisdn/);
    await expect(provider.orderProfile(request({ idempotencyKey: 'with space' }))).rejects.toThrow(/idempotencyKey/);
  });
});

describe('the eSIM client against a service that misbehaves', () => {
  const fake = fakeProviderServer();
  const { seen } = fake;

  const client = (timeoutMs = 300) => createHttpEsimProvider({ url: fake.url, key: KEY, timeoutMs });
  const profile = (overrides: Record<string, unknown> = {}) => ({
    id: 'prf_abc',
    msisdn: '971581234567',
    reference: 'ORD-3001',
    state: 'released',
    smdp_address: 'smdp.example.com',
    matching_id: 'ABCDE-FGHJK-MNPQR-STVWX',
    installed_at: null,
    ...overrides,
  });

  it('sends the bearer key, the idempotency key and { msisdn, reference }', async () => {
    fake.handler = jsonAnswer(201, profile());
    const req = request();
    expect(await client().orderProfile(req)).toEqual({ ok: true, value: { id: 'prf_abc', smdpAddress: 'smdp.example.com', matchingId: 'ABCDE-FGHJK-MNPQR-STVWX', state: 'released', installedAt: null } });
    expect(seen[0]).toMatchObject({ url: '/v1/profiles' });
    expect(seen[0]?.headers).toMatchObject({ authorization: `Bearer ${KEY}`, 'idempotency-key': req.idempotencyKey });
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ msisdn: '971581234567', reference: 'ORD-3001' });
  });

  itIsUnavailableOn(
    fake,
    [
      ['a 502', jsonAnswer(502, {}), 'status 502'],
      ['a lower-case matching id (a phone could not use the code)', jsonAnswer(201, profile({ matching_id: 'abcde' })), 'bad answer'],
      ['an SM-DP+ address with a path', jsonAnswer(201, profile({ smdp_address: 'smdp.example.com/x' })), 'bad answer'],
      ['an unknown state', jsonAnswer(201, profile({ state: 'active' })), 'bad answer'],
      ['installed without a time', jsonAnswer(201, profile({ state: 'installed' })), 'bad answer: installed_at exactly when installed'],
      ['another number', jsonAnswer(201, profile({ msisdn: '971580000000' })), 'bad answer: another number'],
      ['another reference', jsonAnswer(201, profile({ reference: 'ORD-X' })), 'bad answer: another reference'],
    ],
    () => client().orderProfile(request()),
  );

  it("is 'unavailable' (timeout) when the service does not answer in time", async () => {
    fake.handler = neverAnswers;
    expect(await client(200).getProfile('prf_abc')).toEqual({ ok: false, reason: 'unavailable', detail: 'timeout' });
  });

  it('checks that a profile answer is the one asked for', async () => {
    fake.handler = jsonAnswer(200, profile({ id: 'prf_other' }));
    expect(await client().getProfile('prf_abc')).toEqual({ ok: false, reason: 'unavailable', detail: 'bad answer: another profile' });
    fake.handler = jsonAnswer(200, profile({ state: 'installed', installed_at: '2026-01-30T08:01:00.000Z' }));
    expect(await client().getProfile('prf_abc')).toMatchObject({ ok: true, value: { state: 'installed', installedAt: '2026-01-30T08:01:00.000Z' } });
  });
});
