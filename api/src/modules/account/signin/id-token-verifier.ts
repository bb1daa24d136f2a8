/**
 * Verifying a sign-in provider's ID token (OpenID Connect), as the API would Google's: the
 * implementation (jose-verifier.ts) checks the signature against the issuer's published keys,
 * the algorithm, `iss`, `aud`, `exp`/`iat`; the caller checks the nonce against the one it
 * issued to the session. Configured by issuer and client id alone (JOIN_OIDC_ISSUER,
 * JOIN_OIDC_CLIENT_ID).
 */
export interface VerifiedIdToken {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  /** The token's nonce claim; null when it has none (the caller refuses that). */
  nonce: string | null;
}

export type IdTokenFailure = 'malformed' | 'signature' | 'algorithm' | 'issuer' | 'audience' | 'expired' | 'not_yet_valid' | 'claims' | 'keys_unavailable';

export class IdTokenError extends Error {
  constructor(
    readonly reason: IdTokenFailure,
    message: string,
  ) {
    super(message);
    this.name = 'IdTokenError';
  }
}

export interface IdTokenVerifier {
  /** Resolves with the token's claims, or rejects with an IdTokenError saying which check failed. */
  verify(idToken: string): Promise<VerifiedIdToken>;
}

/** What the browser needs to open the provider's sign-in, and the verifier of its tokens. */
export interface SocialProviderConfig {
  id: 'google';
  issuer: string;
  clientId: string;
  authorizationEndpoint: string;
  verifier: IdTokenVerifier;
}
