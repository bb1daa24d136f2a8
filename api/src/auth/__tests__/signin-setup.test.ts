import { readEnv } from '../../config/env';
import { signinProviderFrom } from '../signin-setup';
import { boundAddress, reachFromOtherInterface } from '../../testing/sandbox-reach';

/** signinProviderFrom: the sign-in sandbox on its own port when JOIN_OIDC_ISSUER is unset, nothing with Google login off. */
describe('signinProviderFrom', () => {
  it('starts the sandbox and makes it the issuer, read by discovery like Google', async () => {
    const { social, sandbox } = await signinProviderFrom(readEnv({ JOIN_SANDBOXES: '1', HOST: '127.0.0.1', PORT: '9300', JOIN_SIGNIN_PORT: '0' }));
    try {
      expect(sandbox?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(social).toMatchObject({ id: 'google', issuer: sandbox?.url, clientId: 'join-web', authorizationEndpoint: `${sandbox?.url}/authorize` });
    } finally {
      await sandbox?.close();
    }
  });

  it('starts nothing with Google login off', async () => {
    expect(await signinProviderFrom(readEnv({ JOIN_SANDBOXES: '1', JOIN_GOOGLE_LOGIN: 'off' }))).toEqual({ sandbox: null });
  });
});

describe('The sign-in sandbox: on this machine only, and only when asked (issue 23)', () => {
  it('listens on 127.0.0.1 whatever HOST says, out of reach of the network', async () => {
    const { sandbox } = await signinProviderFrom(readEnv({ JOIN_SANDBOXES: '1', HOST: '0.0.0.0', JOIN_SIGNIN_PORT: '0' }));
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
    const env = { ...readEnv({ JOIN_SANDBOXES: '1', HOST: '127.0.0.1', JOIN_SIGNIN_PORT: '0' }), sandboxes: new Set<never>() };
    const started = await signinProviderFrom(env).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
    if (!(started instanceof Error)) await started.sandbox?.close();
    expect(started).toEqual(expect.objectContaining({ message: expect.stringMatching(/JOIN_OIDC_ISSUER.*JOIN_SANDBOXES/) }));
  });
});
