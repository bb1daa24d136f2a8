import { readEnv } from '../../../../platform/config/env';
import { signinProviderFrom } from '../signin-setup';
import { describeLoopbackSandbox } from '../../../../testing/sandbox-reach';

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

describeLoopbackSandbox('sign-in', { port: 'JOIN_SIGNIN_PORT', url: 'JOIN_OIDC_ISSUER' }, signinProviderFrom);
