import { readEnv } from '../../config/env';
import { cardProviderFrom } from '../card-setup';
import { boundAddress, reachFromOtherInterface } from '../../testing/sandbox-reach';

/** cardProviderFrom's sandbox (its other cases: card-client.test.ts). */
const SITE = 'http://127.0.0.1:9300';

describe('The card sandbox: on this machine only, and only when asked (issue 23)', () => {
  it('listens on 127.0.0.1 whatever HOST says, out of reach of the network', async () => {
    const { sandbox } = await cardProviderFrom(readEnv({ JOIN_SANDBOXES: '1', HOST: '0.0.0.0', JOIN_CARD_PORT: '0' }), [SITE]);
    try {
      if (!sandbox) throw new Error('no sandbox started');
      expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(boundAddress(sandbox.app)).toBe('127.0.0.1');
      expect(await reachFromOtherInterface(Number(new URL(sandbox.url).port))).not.toBe('connected');
    } finally {
      await sandbox?.close();
    }
  });

  it('starts no sandbox unless JOIN_SANDBOXES asks for it, and says what to set', async () => {
    const env = { ...readEnv({ JOIN_SANDBOXES: '1', HOST: '127.0.0.1', JOIN_CARD_PORT: '0' }), sandboxes: new Set<never>() };
    const started = await cardProviderFrom(env, [SITE]).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
    if (!(started instanceof Error)) await started.sandbox?.close();
    expect(started).toEqual(expect.objectContaining({ message: expect.stringMatching(/JOIN_CARD_URL.*JOIN_SANDBOXES/) }));
  });
});
