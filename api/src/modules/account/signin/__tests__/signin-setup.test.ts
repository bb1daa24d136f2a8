import { readEnv } from '../../../../platform/config/env';
import { signinProviderFrom } from '../signin-setup';
import { describeLoopbackSandbox } from '../../../../testing/sandbox-reach';
import { startSandboxesProgram } from '../../../../testing/sandboxes-program';

/** signinProviderFrom: the sandboxes program's sign-in sandbox at its port when JOIN_OIDC_ISSUER is unset, nothing with Google login off. */
describe('signinProviderFrom', () => {
  it('makes the sandbox the issuer, read by discovery like Google', async () => {
    const program = await startSandboxesProgram(['signin'], { PORT: '9300' });
    const port = new URL(program.url('signin')).port;
    try {
      const { social, sandbox } = await signinProviderFrom(readEnv({ JOIN_SANDBOXES: '1', HOST: '127.0.0.1', PORT: '9300', JOIN_SIGNIN_PORT: port }));
      expect(sandbox).toBe(`http://127.0.0.1:${port}`);
      expect(social).toMatchObject({ id: 'google', issuer: sandbox, clientId: 'join-web', authorizationEndpoint: `${sandbox}/authorize` });
    } finally {
      await program.close();
    }
  });

  it('starts nothing with Google login off', async () => {
    expect(await signinProviderFrom(readEnv({ JOIN_SANDBOXES: '1', JOIN_GOOGLE_LOGIN: 'off' }))).toEqual({ sandbox: null });
  });
});

describeLoopbackSandbox('signin', { port: 'JOIN_SIGNIN_PORT', url: 'JOIN_OIDC_ISSUER' }, signinProviderFrom);
