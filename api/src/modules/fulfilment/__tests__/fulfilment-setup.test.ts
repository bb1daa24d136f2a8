import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readEnv } from '../../../platform/config/env';
import { courierProviderFrom } from '../courier-setup';
import { esimProviderFrom } from '../esim-setup';
import { describeLoopbackSandbox } from '../../../testing/sandbox-reach';
import { startSandboxesProgram } from '../../../testing/sandboxes-program';

/**
 * courierProviderFrom and esimProviderFrom: the sandboxes program's sandboxes at their ports when
 * JOIN_COURIER_URL / JOIN_ESIM_URL are unset, else the configured services and no sandbox.
 */

/** A stand-in for the real service: records what it is asked, answers 404. */
async function recorder(): Promise<{ url: string; seen: Array<{ url: string; auth: string }>; close: () => Promise<void> }> {
  const seen: Array<{ url: string; auth: string }> = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', auth: req.headers.authorization ?? '' });
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

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

  it('refuses port 0 for the sandbox: the sandboxes program listens on the port it is given', () => {
    expect(() => readEnv({ JOIN_SANDBOXES: '1', JOIN_COURIER_PORT: '0' })).toThrow(/JOIN_COURIER_PORT must name the courier sandbox's port/);
  });

  it('uses JOIN_COURIER_URL and JOIN_COURIER_KEY when set, starting nothing', async () => {
    const real = await recorder();
    try {
      const chosen = courierProviderFrom(readEnv({ JOIN_SANDBOXES: '1', JOIN_COURIER_URL: real.url, JOIN_COURIER_KEY: 'the-real-courier-key', JOIN_COURIER_PORT: '0' }));
      expect(chosen.sandbox).toBeNull();
      expect(await chosen.provider.getJob('job_123')).toEqual({ ok: false, reason: 'not_found' });
      expect(real.seen).toEqual([{ url: '/v1/jobs/job_123', auth: 'Bearer the-real-courier-key' }]);
    } finally {
      await real.close();
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

  it('refuses port 0 for the sandbox: the sandboxes program listens on the port it is given', () => {
    expect(() => readEnv({ JOIN_SANDBOXES: '1', JOIN_ESIM_PORT: '0' })).toThrow(/JOIN_ESIM_PORT must name the esim sandbox's port/);
  });

  it('uses JOIN_ESIM_URL and JOIN_ESIM_KEY when set, starting nothing', async () => {
    const real = await recorder();
    try {
      const chosen = esimProviderFrom(readEnv({ JOIN_SANDBOXES: '1', JOIN_ESIM_URL: `${real.url}/`, JOIN_ESIM_KEY: 'the-real-smdp-key-123', JOIN_ESIM_PORT: '0' }));
      expect(chosen.sandbox).toBeNull();
      expect(await chosen.provider.getProfile('prf_123')).toEqual({ ok: false, reason: 'not_found' });
      expect(real.seen).toEqual([{ url: '/v1/profiles/prf_123', auth: 'Bearer the-real-smdp-key-123' }]);
    } finally {
      await real.close();
    }
  });
});

describeLoopbackSandbox('courier', { port: 'JOIN_COURIER_PORT', url: 'JOIN_COURIER_URL' }, courierProviderFrom);

describeLoopbackSandbox('esim', { port: 'JOIN_ESIM_PORT', url: 'JOIN_ESIM_URL' }, esimProviderFrom);
