import { readEnv, type Env } from '../../../platform/config/env';
import { courierProviderFrom } from '../courier-setup';
import { esimProviderFrom } from '../esim-setup';
import { fakeProviderServer, jsonAnswer } from '../../../testing/fake-provider-server';
import { describeLoopbackSandbox } from '../../../testing/sandbox-reach';
import { startSandboxesProgram } from '../../../testing/sandboxes-program';

/**
 * courierProviderFrom and esimProviderFrom: the sandboxes program's sandboxes at their ports when
 * JOIN_COURIER_URL / JOIN_ESIM_URL are unset, else the configured services and no sandbox.
 */

describe('courierProviderFrom', () => {
  it('reaches the sandbox (its clock stepping every JOIN_COURIER_STEP_MS) and points the client at it', async () => {
    const program = await startSandboxesProgram(['courier'], { JOIN_COURIER_STEP_MS: '40', JOIN_COURIER_KEY: '' });
    const port = new URL(program.url('courier')).port;
    const { provider, sandbox } = courierProviderFrom(readEnv({ JOIN_SANDBOXES: '1', HOST: '127.0.0.1', JOIN_COURIER_PORT: port }));
    try {
      expect(sandbox).toBe(`http://127.0.0.1:${port}`);
      const created = await provider.createJob({
        kind: 'delivery',
        reference: 'ORD-SETUP-1',
        idempotencyKey: 'setup-key-000000001',
        dropoff: { lat: 25.2, lng: 55.27, address: 'Villa 1', address2: '', instructions: '', phone: '971501234567' },
        storeId: null,
        cashOnDeliveryFils: 0,
        recipient: null,
      });
      if (!created.ok) throw new Error(created.reason);
      // The real clock, stepping every 40 ms: delivered after three steps.
      await new Promise((r) => setTimeout(r, 200));
      expect(await provider.getJob(created.value.id)).toMatchObject({ ok: true, value: { status: 'delivered' } });
    } finally {
      await program.close();
    }
  });
});

describe('esimProviderFrom', () => {
  it('reaches the sandbox (auto-install from its environment) and points the client at it', async () => {
    const program = await startSandboxesProgram(['esim'], { JOIN_ESIM_AUTO_INSTALL_MS: '30', JOIN_ESIM_KEY: '' });
    const port = new URL(program.url('esim')).port;
    const { provider, sandbox } = esimProviderFrom(readEnv({ JOIN_SANDBOXES: '1', HOST: '127.0.0.1', JOIN_ESIM_PORT: port }));
    try {
      expect(sandbox).toBe(`http://127.0.0.1:${port}`);
      const ordered = await provider.orderProfile({ msisdn: '971581234567', reference: 'ORD-SETUP-2', idempotencyKey: 'setup-key-000000002' });
      if (!ordered.ok) throw new Error(ordered.reason);
      expect(ordered.value).toMatchObject({ state: 'released', smdpAddress: new URL(sandbox ?? 'http://x').host });
      await new Promise((r) => setTimeout(r, 100));
      expect(await provider.getProfile(ordered.value.id)).toMatchObject({ ok: true, value: { state: 'installed' } });
    } finally {
      await program.close();
    }
  });
});

/** The real services, configured by URL and key: the provider asks them with that key and no sandbox starts. */
const REAL_SERVICES = [
  {
    name: 'courier',
    vars: { url: 'JOIN_COURIER_URL', key: 'JOIN_COURIER_KEY', port: 'JOIN_COURIER_PORT' },
    key: 'the-real-courier-key',
    urlAsWritten: (url: string) => url,
    asked: '/v1/jobs/job_123',
    lookUp: async (env: Env) => {
      const chosen = courierProviderFrom(env);
      return { sandbox: chosen.sandbox, answer: await chosen.provider.getJob('job_123') };
    },
  },
  {
    name: 'esim',
    vars: { url: 'JOIN_ESIM_URL', key: 'JOIN_ESIM_KEY', port: 'JOIN_ESIM_PORT' },
    key: 'the-real-smdp-key-123',
    // A trailing slash is the operator's to write.
    urlAsWritten: (url: string) => `${url}/`,
    asked: '/v1/profiles/prf_123',
    lookUp: async (env: Env) => {
      const chosen = esimProviderFrom(env);
      return { sandbox: chosen.sandbox, answer: await chosen.provider.getProfile('prf_123') };
    },
  },
];

describe.each(REAL_SERVICES)('the $name provider', ({ name, vars, key, urlAsWritten, asked, lookUp }) => {
  const real = fakeProviderServer();

  it('refuses port 0 for the sandbox: the sandboxes program listens on the port it is given', () => {
    expect(() => readEnv({ JOIN_SANDBOXES: '1', [vars.port]: '0' })).toThrow(new RegExp(`${vars.port} must name the ${name} sandbox's port`));
  });

  it(`uses ${vars.url} and ${vars.key} when set, starting nothing`, async () => {
    // A stand-in for the real service: records what it is asked, answers 404.
    real.handler = jsonAnswer(404, { error: 'not_found' });
    const chosen = await lookUp(readEnv({ JOIN_SANDBOXES: '1', [vars.url]: urlAsWritten(real.url), [vars.key]: key, [vars.port]: '0' }));
    expect(chosen.sandbox).toBeNull();
    expect(chosen.answer).toEqual({ ok: false, reason: 'not_found' });
    expect(real.seen.map((r) => ({ url: r.url, auth: r.headers.authorization }))).toEqual([{ url: asked, auth: `Bearer ${key}` }]);
  });
});

describeLoopbackSandbox('courier', { port: 'JOIN_COURIER_PORT', url: 'JOIN_COURIER_URL' }, courierProviderFrom);

describeLoopbackSandbox('esim', { port: 'JOIN_ESIM_PORT', url: 'JOIN_ESIM_URL' }, esimProviderFrom);
