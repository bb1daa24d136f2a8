import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readEnv } from '../../../platform/config/env';
import { bnplProviderFrom } from '../bnpl-setup';
import { describeLoopbackSandbox } from '../../../testing/sandbox-reach';
import { startSandboxesProgram } from '../../../testing/sandboxes-program';

/** bnplProviderFrom: the sandboxes program's BNPL sandbox at its port when JOIN_BNPL_URL is unset, else the configured provider and no sandbox. */
const request = (amountFils: number, key: string) => ({
  reference: 'pay_SETUPTEST1',
  amountFils,
  currency: 'AED' as const,
  idempotencyKey: key,
  successUrl: 'http://127.0.0.1:9181/join/spotii-success?payment=pay_SETUPTEST1',
  failureUrl: 'http://127.0.0.1:9181/join/spotii-fail?payment=pay_SETUPTEST1',
  customer: { email: 'amira@example.com' },
  description: 'Tourist SIM',
});

describe('bnplProviderFrom', () => {
  it('reaches the sandbox (the same limits from the environment, its key the development one) and points the client at it', async () => {
    const limits = { JOIN_BNPL_MIN_AED: '100', JOIN_BNPL_MAX_AED: '200.50' };
    const program = await startSandboxesProgram(['bnpl'], { ...limits, JOIN_BNPL_KEY: '' });
    const port = new URL(program.url('bnpl')).port;
    const { provider, sandbox } = bnplProviderFrom(readEnv({ JOIN_SANDBOXES: '1', HOST: '127.0.0.1', JOIN_BNPL_PORT: port, ...limits }));
    try {
      expect(sandbox).toBe(`http://127.0.0.1:${port}`);
      expect(provider).toMatchObject({ name: 'Spotii', instalmentCount: 4, minFils: 10_000, maxFils: 20_050 });
      const created = await provider.createCheckout(request(20_050, 'setup-key-000000001'));
      expect(created).toMatchObject({ ok: true, value: { status: 'open', amountFils: 20_050 } });
      expect(created.ok && created.value.checkoutUrl.startsWith(`${sandbox}/checkout/`)).toBe(true);
      // The sandbox enforces the same limits the client announces.
      expect(await provider.createCheckout(request(20_051, 'setup-key-000000002'))).toEqual({ ok: false, reason: 'rejected', detail: 'amount_above_maximum' });
    } finally {
      await program.close();
    }
  });

  it('refuses port 0 for the sandbox: the sandboxes program listens on the port it is given', () => {
    expect(() => readEnv({ JOIN_SANDBOXES: '1', JOIN_BNPL_PORT: '0' })).toThrow(/JOIN_BNPL_PORT must name the bnpl sandbox's port/);
  });

  it('uses JOIN_BNPL_URL and JOIN_BNPL_KEY when set, starting nothing', async () => {
    const seen: Array<{ url: string; auth: string }> = [];
    const provider = createServer((req, res) => {
      seen.push({ url: req.url ?? '', auth: req.headers.authorization ?? '' });
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    try {
      const chosen = bnplProviderFrom(readEnv({ JOIN_SANDBOXES: '1', JOIN_BNPL_URL: url, JOIN_BNPL_KEY: 'the-real-provider-key', JOIN_BNPL_PORT: '0' }));
      expect(chosen.sandbox).toBeNull();
      expect(await chosen.provider.getCheckout('chk_123')).toEqual({ ok: false, reason: 'not_found' });
      expect(seen).toEqual([{ url: '/api/v1.0/checkouts/chk_123', auth: 'Bearer the-real-provider-key' }]);
    } finally {
      await new Promise<void>((r) => provider.close(() => r()));
    }
  });
});

describeLoopbackSandbox('bnpl', { port: 'JOIN_BNPL_PORT', url: 'JOIN_BNPL_URL' }, bnplProviderFrom);
