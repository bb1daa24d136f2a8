import { resolve } from 'node:path';
import { sandboxNotAsked, type Env } from '../config/env';
import { parseSigninClients } from '../../../sandboxes/src/signin/clients';
import { generateSigninKeys, loadOrCreateSigninKeys } from '../../../sandboxes/src/signin/keys';
import { startSigninSandbox, type RunningSigninSandbox } from '../../../sandboxes/src/signin/signin-app';
import type { SocialProviderConfig } from './id-token-verifier';
import { createJoseVerifier, discoverIssuer, type DiscoveryDocument } from './jose-verifier';

type SigninEnv = Pick<Env, 'sandboxes' | 'PORT' | 'JOIN_GOOGLE_LOGIN' | 'JOIN_OIDC_ISSUER' | 'JOIN_OIDC_CLIENT_ID' | 'JOIN_SIGNIN_PORT' | 'JOIN_SIGNIN_CLIENTS' | 'JOIN_SIGNIN_KEY_FILE'>;

/** Discovery of a remote issuer at start, a few times: a network blip must not cost the deployment its Google login. */
async function discoverWithRetry(issuer: string): Promise<DiscoveryDocument> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await discoverIssuer(issuer);
    } catch (err) {
      if (attempt >= 3) throw new Error(`JOIN_OIDC_ISSUER ${issuer}: discovery failed (${err instanceof Error ? err.message : 'unknown error'})`);
      await new Promise((r) => setTimeout(r, attempt * 1000));
    }
  }
}

/**
 * The sign-in provider: Google (or any issuer) by JOIN_OIDC_ISSUER, else, when JOIN_SANDBOXES asks
 * for it, the sandbox started here on 127.0.0.1:JOIN_SIGNIN_PORT. Either way the API only knows an issuer and a client id. The caller
 * closes `sandbox` on shutdown.
 */
export async function signinProviderFrom(env: SigninEnv): Promise<{ social?: SocialProviderConfig; sandbox: RunningSigninSandbox | null }> {
  if (!env.JOIN_GOOGLE_LOGIN) return { sandbox: null };
  const clientId = env.JOIN_OIDC_CLIENT_ID;
  let sandbox: RunningSigninSandbox | null = null;
  let issuer = env.JOIN_OIDC_ISSUER;
  if (!issuer) {
    if (!env.sandboxes.has('signin')) throw new Error(sandboxNotAsked('signin'));
    const keys = env.JOIN_SIGNIN_KEY_FILE ? await loadOrCreateSigninKeys(resolve(env.JOIN_SIGNIN_KEY_FILE)) : await generateSigninKeys();
    // By default the product's own origins on this port may receive the sandbox's tokens.
    const clients = env.JOIN_SIGNIN_CLIENTS ?? parseSigninClients(`${clientId}=http://localhost:${env.PORT},http://127.0.0.1:${env.PORT}`);
    sandbox = await startSigninSandbox({ port: env.JOIN_SIGNIN_PORT, clients, keys }).catch((err: unknown) => {
      throw new Error(`sign-in sandbox on JOIN_SIGNIN_PORT ${env.JOIN_SIGNIN_PORT}: ${err instanceof Error ? err.message : 'did not start'}`);
    });
    issuer = sandbox.url;
  }
  const discovery = await discoverWithRetry(issuer);
  return {
    sandbox,
    social: { id: 'google', issuer, clientId, authorizationEndpoint: discovery.authorization_endpoint, verifier: createJoseVerifier({ issuer, clientId }) },
  };
}
