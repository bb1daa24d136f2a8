import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readSandboxesConfig } from '../config';
import { startSandboxes } from '../start-all';
import { reachFromOtherInterface } from '@join/fixtures/network';

const FREE_PORTS = Object.fromEntries(
  ['JOIN_MAIL_SINK_PORT', 'JOIN_MAIL_OUTBOX_PORT', 'JOIN_SIGNIN_PORT', 'JOIN_CARD_PORT', 'JOIN_BNPL_PORT', 'JOIN_COURIER_PORT', 'JOIN_ESIM_PORT', 'JOIN_PORTABILITY_PORT', 'JOIN_TERMINAL_PORT'].map((v) => [v, '0']),
);

describe('the sandboxes program', () => {
  it('starts each sandbox on 127.0.0.1 (whatever HOST says), out of reach of the network, and answers their URLs', async () => {
    const running = await startSandboxes(readSandboxesConfig({ ...FREE_PORTS, HOST: '0.0.0.0', JOIN_SANDBOXES: 'mail,signin,card,bnpl,courier,esim,portability,terminal' }));
    try {
      expect(Object.keys(running.urls).sort()).toEqual(['bnpl', 'card', 'courier', 'esim', 'mail', 'outbox', 'portability', 'signin', 'terminal']);
      for (const [name, url] of Object.entries(running.urls)) {
        expect([name, url]).toEqual([name, expect.stringMatching(name === 'mail' ? /^smtp:\/\/127\.0\.0\.1:\d+$/ : /^http:\/\/127\.0\.0\.1:\d+$/)]);
        expect([name, await reachFromOtherInterface(Number(new URL(url ?? '').port))]).not.toEqual([name, 'connected']);
      }
    } finally {
      await running.close();
    }
  });

  it('names the port variable of a sandbox that cannot start, and stops the others', async () => {
    const taken: Server = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as AddressInfo).port;
    try {
      await expect(startSandboxes(readSandboxesConfig({ ...FREE_PORTS, JOIN_SANDBOXES: 'card,bnpl', JOIN_BNPL_PORT: String(port) }))).rejects.toThrow(`bnpl sandbox on JOIN_BNPL_PORT ${port}`);
    } finally {
      await new Promise<void>((r) => taken.close(() => r()));
    }
  });
});
