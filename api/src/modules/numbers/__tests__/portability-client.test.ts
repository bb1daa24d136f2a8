import { type IncomingMessage, type ServerResponse } from 'node:http';
import { readEnv } from '../../../platform/config/env';
import { fakeProviderServer, jsonAnswer } from '../../../testing/fake-provider-server';
import { describeLoopbackSandbox } from '../../../testing/sandbox-reach';
import { startSandboxesProgram, type SandboxesProgram } from '../../../testing/sandboxes-program';
import { createHttpPortabilityLookup, type PortabilityLookup } from '../portability-client';
import { portabilityLookupFrom } from '../portability-setup';

/**
 * The number-portability client against the real sandbox (the sandboxes program, on a free port)
 * and against a service that misbehaves: whatever goes wrong is 'unavailable', never an unknown
 * number (which would tell the visitor "not activated") nor a subscriber it did not ask about.
 */
const KEY = 'portability-client-test-key-01';

describe('the portability client against the sandbox', () => {
  let program: SandboxesProgram;
  let lookup: PortabilityLookup;
  beforeAll(async () => {
    program = await startSandboxesProgram(['portability'], { JOIN_PORTABILITY_KEY: KEY });
    lookup = createHttpPortabilityLookup({ url: program.url('portability'), key: KEY, timeoutMs: 2_000 });
  });
  afterAll(() => program.close());

  it('answers a seeded subscriber with its operator and status, and null for a number nobody has', async () => {
    expect(await lookup.subscriber('971551234567')).toEqual({ ok: true, value: { msisdn: '971551234567', operatorCode: 'du', status: 'active' } });
    expect(await lookup.subscriber('971521111111')).toEqual({ ok: true, value: { msisdn: '971521111111', operatorCode: 'du', status: 'in_transfer' } });
    expect(await lookup.subscriber('971599999999')).toEqual({ ok: true, value: null });
  });

  it("is 'unavailable' with a wrong key", async () => {
    const wrong = createHttpPortabilityLookup({ url: program.url('portability'), key: 'another-key-0123456789', timeoutMs: 2_000 });
    expect(await wrong.subscriber('971551234567')).toEqual({ ok: false, reason: 'unavailable', detail: 'status 401: unauthorized' });
  });

  it('refuses to ask about what is not a UAE mobile number (our bug)', async () => {
    await expect(lookup.subscriber('../health')).rejects.toThrow(TypeError);
  });

  it('is reached by configuration: the sandbox at its port with JOIN_SANDBOXES, else the URL and key given', async () => {
    const port = new URL(program.url('portability')).port;
    const fromSandbox = portabilityLookupFrom(readEnv({ JOIN_SANDBOXES: '1', JOIN_PORTABILITY_PORT: port, JOIN_PORTABILITY_KEY: KEY }));
    expect(fromSandbox.sandbox).toBe(`http://127.0.0.1:${port}`);
    expect((await fromSandbox.lookup.subscriber('971501234567')).ok).toBe(true);
    const configured = portabilityLookupFrom(readEnv({ JOIN_SANDBOXES: '1', JOIN_PORTABILITY_URL: program.url('portability'), JOIN_PORTABILITY_KEY: KEY }));
    expect(configured.sandbox).toBeNull();
    expect(await configured.lookup.subscriber('971541234567')).toMatchObject({ ok: true, value: { operatorCode: 'virgin' } });
  });
});

describe('the portability client against a service that misbehaves', () => {
  const fake = fakeProviderServer();
  const { seen } = fake;
  const client = (timeoutMs = 300) => createHttpPortabilityLookup({ url: fake.url, key: KEY, timeoutMs });
  const subscriber = (overrides: Record<string, unknown> = {}) => ({ msisdn: '971551234567', operator: 'du', status: 'active', ...overrides });

  it('asks GET /v1/subscribers/{msisdn} with the bearer key', async () => {
    fake.handler = jsonAnswer(200, subscriber());
    expect(await client().subscriber('971551234567')).toEqual({ ok: true, value: { msisdn: '971551234567', operatorCode: 'du', status: 'active' } });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/v1/subscribers/971551234567' });
    expect(seen[0]?.headers).toMatchObject({ authorization: `Bearer ${KEY}` });
  });

  it.each([
    ['a 503', jsonAnswer(503, { error: 'maintenance' }), 'status 503: maintenance'],
    ['a 500 that is not JSON', (_q: IncomingMessage, s: ServerResponse) => s.writeHead(500).end('oops'), 'status 500: not JSON'],
    ['a 404 that is not JSON (a proxy, not the service)', (_q: IncomingMessage, s: ServerResponse) => s.writeHead(404).end('<html>'), 'status 404: not JSON'],
    ['a 400', jsonAnswer(400, { error: 'invalid_msisdn' }), 'status 400: invalid_msisdn'],
    ['a redirect', (_q: IncomingMessage, s: ServerResponse) => s.writeHead(302, { location: 'http://elsewhere.example/' }).end('{}'), 'status 302'],
    ['an unknown status', jsonAnswer(200, subscriber({ status: 'ported' })), 'bad answer'],
    ['a bad operator code', jsonAnswer(200, subscriber({ operator: 'DU!' })), 'bad answer'],
    ['another number', jsonAnswer(200, subscriber({ msisdn: '971550000000' })), 'bad answer: another number'],
  ])("is 'unavailable' on %s", async (_what, answer, detail) => {
    fake.handler = answer;
    expect(await client().subscriber('971551234567')).toEqual({ ok: false, reason: 'unavailable', detail });
  });

  it("is 'unavailable' (timeout) when the service does not answer in time", async () => {
    fake.handler = () => undefined;
    expect(await client(200).subscriber('971551234567')).toEqual({ ok: false, reason: 'unavailable', detail: 'timeout' });
  });
});

describeLoopbackSandbox('portability', { port: 'JOIN_PORTABILITY_PORT', url: 'JOIN_PORTABILITY_URL' }, portabilityLookupFrom);
