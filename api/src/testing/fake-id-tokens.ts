import { randomBytes } from 'node:crypto';
import { IdTokenError, type IdTokenFailure, type IdTokenVerifier, type SocialProviderConfig, type VerifiedIdToken } from '../modules/account/signin/id-token-verifier';

/**
 * A stand-in sign-in provider for the account route tests: it "signs" a token by remembering
 * its claims under a random string, and its verifier answers those claims, or the failure the
 * test put on the token (a bad signature, a wrong audience ...). The real checks (jose, JWKS,
 * RS256, iss, aud, exp) are the verifier's own tests'; the routes need only its contract.
 */
export const FAKE_ISSUER = 'https://signin.test.example';
export const FAKE_CLIENT_ID = 'join-web-test';

type Claims = Omit<VerifiedIdToken, 'issuer'> & { issuer?: string };

export class FakeIdTokens implements IdTokenVerifier {
  private readonly tokens = new Map<string, VerifiedIdToken | IdTokenFailure>();

  issue(claims: Partial<Claims> & Pick<Claims, 'email' | 'nonce'>): string {
    const token = `fake.${randomBytes(24).toString('base64url')}.sig`;
    this.tokens.set(token, {
      issuer: claims.issuer ?? FAKE_ISSUER,
      subject: claims.subject ?? `sub-${claims.email}`,
      email: claims.email,
      emailVerified: claims.emailVerified ?? true,
      name: claims.name ?? null,
      nonce: claims.nonce,
    });
    return token;
  }

  /** A token that fails the given check. */
  failing(reason: IdTokenFailure): string {
    const token = `fake.${randomBytes(24).toString('base64url')}.bad`;
    this.tokens.set(token, reason);
    return token;
  }

  async verify(idToken: string): Promise<VerifiedIdToken> {
    const found = this.tokens.get(idToken);
    if (found === undefined) throw new IdTokenError('signature', 'unknown token');
    if (typeof found === 'string') throw new IdTokenError(found, `fails ${found}`);
    return found;
  }

  config(): SocialProviderConfig {
    return { id: 'google', issuer: FAKE_ISSUER, clientId: FAKE_CLIENT_ID, authorizationEndpoint: `${FAKE_ISSUER}/authorize`, verifier: this };
  }
}
