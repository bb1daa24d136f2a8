import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readEnv } from '../../../platform/config/env';
import { courierProviderFrom } from '../courier-setup';
import { esimProviderFrom } from '../esim-setup';
import { describeLoopbackSandbox } from '../../../testing/sandbox-reach';

/**
 * courierProviderFrom and esimProviderFrom: the sandboxes on their own ports when
 * JOIN_COURIER_URL / JOIN_ESIM_URL are unset, else the configured services and no sandbox.
 */
async function takenPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const taken: Server = createServer();
  await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
  return { port: (taken.address() as AddressInfo).port, close: () => new Promise<void>((r) => taken.close(() => r())) };
}

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
  it('starts the sandbox with JOIN_COURIER_STEP_MS and points the client at it', async () => {
    const { provider, sandbox } = await courierProviderFrom(readEnv({ JOIN_SANDBOXES: '1', HOST: '127.0.0.1', JOIN_COURIER_PORT: '0', JOIN_COURIER_STEP_MS: '40' }));
    try {
      expect(sandbox?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
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
      await sandbox?.close();
    }
  });

  it('says which port when the sandbox cannot start', async () => {
    const taken = await takenPort();
    try {
      await expect(courierProviderFrom(readEnv({ JOIN_SANDBOXES: '1', HOST: '127.0.0.1', JOIN_COURIER_PORT: String(taken.port) }))).rejects.toThrow(`courier sandbox on JOIN_COURIER_PORT ${taken.port}`);
    } finally {
      await taken.close();
    }
  });

  it('uses JOIN_COURIER_URL and JOIN_COURIER_KEY when set, starting nothing', async () => {
    const real = await recorder();
    try {
      const chosen = await courierProviderFrom(readEnv({ JOIN_SANDBOXES: '1', JOIN_COURIER_URL: real.url, JOIN_COURIER_KEY: 'the-real-courier-key', JOIN_COURIER_PORT: '0' }));
      expect(chosen.sandbox).toBeNull();
      expect(await chosen.provider.getJob('job_123')).toEqual({ ok: false, reason: 'not_found' });
      expect(real.seen).toEqual([{ url: '/v1/jobs/job_123', auth: 'Bearer the-real-courier-key' }]);
    } finally {
      await real.close();
    }
  });
});

describe('esimProviderFrom', () => {
  it('starts the sandbox (auto-install from the environment) and points the client at it', async () => {
    const { provider, sandbox } = await esimProviderFrom(readEnv({ JOIN_SANDBOXES: '1', HOST: '127.0.0.1', JOIN_ESIM_PORT: '0', JOIN_ESIM_AUTO_INSTALL_MS: '30' }));
    try {
      const ordered = await provider.orderProfile({ msisdn: '971581234567', reference: 'ORD-SETUP-2', idempotencyKey: 'setup-key-000000002' });
      if (!ordered.ok) throw new Error(ordered.reason);
      expect(ordered.value).toMatchObject({ state: 'released', smdpAddress: new URL(sandbox?.url ?? 'http://x').host });
      await new Promise((r) => setTimeout(r, 100));
      expect(await provider.getProfile(ordered.value.id)).toMatchObject({ ok: true, value: { state: 'installed' } });
    } finally {
      await sandbox?.close();
    }
  });

  it('says which port when the sandbox cannot start', async () => {
    const taken = await takenPort();
    try {
      await expect(esimProviderFrom(readEnv({ JOIN_SANDBOXES: '1', HOST: '127.0.0.1', JOIN_ESIM_PORT: String(taken.port) }))).rejects.toThrow(`eSIM provisioning sandbox on JOIN_ESIM_PORT ${taken.port}`);
    } finally {
      await taken.close();
    }
  });

  it('uses JOIN_ESIM_URL and JOIN_ESIM_KEY when set, starting nothing', async () => {
    const real = await recorder();
    try {
      const chosen = await esimProviderFrom(readEnv({ JOIN_SANDBOXES: '1', JOIN_ESIM_URL: `${real.url}/`, JOIN_ESIM_KEY: 'the-real-smdp-key-123', JOIN_ESIM_PORT: '0' }));
      expect(chosen.sandbox).toBeNull();
      expect(await chosen.provider.getProfile('prf_123')).toEqual({ ok: false, reason: 'not_found' });
      expect(real.seen).toEqual([{ url: '/v1/profiles/prf_123', auth: 'Bearer the-real-smdp-key-123' }]);
    } finally {
      await real.close();
    }
  });
});

describeLoopbackSandbox('courier', { port: 'JOIN_COURIER_PORT', url: 'JOIN_COURIER_URL' }, courierProviderFrom);

describeLoopbackSandbox('eSIM', { port: 'JOIN_ESIM_PORT', url: 'JOIN_ESIM_URL' }, esimProviderFrom);
