import { sandboxNotAsked, type Env } from '../../../platform/config/env';
import { sandboxUrl } from '../../../platform/config/sandbox-defaults';
import type { SocialProviderConfig } from './id-token-verifier';
import { createJoseVerifier, discoverIssuer, type DiscoveryDocument } from './jose-verifier';

type SigninEnv = Pick<Env, 'sandboxes' | 'JOIN_GOOGLE_LOGIN' | 'JOIN_OIDC_ISSUER' | 'JOIN_OIDC_CLIENT_ID' | 'JOIN_SIGNIN_PORT'>;

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
 * for it, the sandboxes program's sign-in sandbox on 127.0.0.1:JOIN_SIGNIN_PORT (its clients are the
 * program's JOIN_SIGNIN_CLIENTS). Either way the API only knows an issuer and a client id, and reads
 * the issuer's discovery document at start; `sandbox` is the sandbox's URL when it is one.
 */
export async function signinProviderFrom(env: SigninEnv): Promise<{ social?: SocialProviderConfig; sandbox: string | null }> {
  if (!env.JOIN_GOOGLE_LOGIN) return { sandbox: null };
  const clientId = env.JOIN_OIDC_CLIENT_ID;
  let sandbox: string | null = null;
  let issuer = env.JOIN_OIDC_ISSUER;
  if (!issuer) {
    if (!env.sandboxes.has('signin')) throw new Error(sandboxNotAsked('signin'));
    sandbox = sandboxUrl(env.JOIN_SIGNIN_PORT);
    issuer = sandbox;
  }
  const discovery = await discoverWithRetry(issuer);
  return {
    sandbox,
    social: { id: 'google', issuer, clientId, authorizationEndpoint: discovery.authorization_endpoint, verifier: createJoseVerifier({ issuer, clientId }) },
  };
}
