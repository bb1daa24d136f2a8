import { exportJWK, generateKeyPair } from 'jose';
import { createHttpTerminalProvider } from '../terminal-client';
import { FAKE_TERMINAL_KEY, startFakeTerminal, type FakeTerminal } from '../../../testing/fake-terminal';

/** The terminals' client: the request it sends, and when a result counts (a verified signature) or is forged or unknowable. */
let terminal: FakeTerminal;
beforeAll(async () => {
  terminal = await startFakeTerminal();
});
afterAll(() => terminal.close());

const client = (extra: Partial<Parameters<typeof createHttpTerminalProvider>[0]> = {}) =>
  createHttpTerminalProvider({ url: terminal.url, key: FAKE_TERMINAL_KEY, timeoutMs: 1_000, ...extra });
let n = 0;
async function approvedRequest(c = client()) {
  const made = await c.createRequest({ terminalId: `term-test-c${(n += 1)}`, reference: `pay_client${n}`, amountFils: 500, idempotencyKey: `pay_client${n}` });
  if (!made.ok) throw new Error('not created');
  await terminal.settle('approved', { id: made.value.id });
  return made.value.id;
}

describe('terminal client', () => {
  it('reads a verified approval with every field the terminal signed', async () => {
    const id = await approvedRequest();
    expect(await client().getRequest(id)).toEqual({
      ok: true,
      value: { kind: 'settled', result: expect.objectContaining({ requestId: id, amountFils: 500, currency: 'AED', outcome: 'approved', authCode: '123456' }) },
    });
  });

  it('with a configured key set that is not the signer’s, the same answer is forged', async () => {
    const stranger = await exportJWK((await generateKeyPair('ES256')).publicKey);
    const id = await approvedRequest();
    const state = await client({ jwks: { keys: [{ ...stranger, kid: 'k1', alg: 'ES256' }] } }).getRequest(id);
    expect(state).toEqual({ ok: true, value: { kind: 'forged', detail: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' } });
  });

  it('keys that cannot be fetched make the answer unavailable (asked again later), never forged nor trusted', async () => {
    const id = await approvedRequest();
    const state = await client({ jwks: 'http://127.0.0.1:9/.well-known/jwks.json' }).getRequest(id);
    expect(state).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('an id that could not be the provider’s is not asked for; a request it refuses to make is thrown before anything leaves', async () => {
    expect(await client().getRequest('../admin')).toEqual({ ok: false, reason: 'not_found' });
    await expect(client().createRequest({ terminalId: 'term/../x', reference: 'pay_x', amountFils: 1, idempotencyKey: 'k' })).rejects.toThrow(TypeError);
    await expect(client().createRequest({ terminalId: 'term-dxb-mall', reference: 'pay_x', amountFils: -5, idempotencyKey: 'k' })).rejects.toThrow(TypeError);
  });
});
