import { createRemoteJWKSet, customFetch, errors, jwtVerify, type FetchImplementation, type JWTPayload } from 'jose';
import { IdTokenError, type IdTokenFailure, type IdTokenVerifier, type VerifiedIdToken } from './id-token-verifier';

/**
 * The IdTokenVerifier of the API, with jose 6, checking a token the way Google says its ID
 * tokens must be checked: signed (RS256 only) by a key of the issuer's JWKS, found through the
 * issuer's discovery document; `iss` the configured issuer; `aud` the configured client id;
 * `exp` not passed and `iat` not in the future (60 s of clock tolerance either way); `sub`,
 * `email`, `iat` and `exp` present. The nonce is the caller's check (it is the session's).
 *
 * Every failure is an IdTokenError whose reason says which check failed, for the log line; the
 * token itself is never put in a message.
 */
export interface JoseVerifierOptions {
  issuer: string;
  clientId: string;
  clockToleranceS?: number;
  now?: () => number;
  /** How long a discovery or JWKS fetch may take. */
  timeoutMs?: number;
  /** Replaces fetch for discovery and the JWKS (tests). */
  fetch?: typeof fetch;
}

export const CLOCK_TOLERANCE_S = 60;

/** Google's tokens carry either form of its issuer (its documentation says both are valid). */
const GOOGLE_ISSUER = 'https://accounts.google.com';
export function acceptedIssuers(issuer: string): string[] {
  return issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, 'accounts.google.com'] : [issuer];
}

export interface DiscoveryDocument {
  issuer: string;
  authorization_endpoint: string;
  jwks_uri: string;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function checkedEndpoint(value: unknown, issuerUrl: URL, what: string): string {
  if (typeof value !== 'string') throw new Error(`discovery document has no ${what}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`discovery document's ${what} is not a URL`);
  }
  // Keys over plain HTTP would let anyone on the path sign tokens: only the sandbox on this machine may.
  const plainOk = url.protocol === 'http:' && issuerUrl.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !plainOk) throw new Error(`discovery document's ${what} is not https`);
  return url.href;
}

/** The issuer's OpenID discovery document, checked: its issuer must be the one asked for. */
export async function discoverIssuer(issuer: string, options: { fetch?: typeof fetch; timeoutMs?: number } = {}): Promise<DiscoveryDocument> {
  const issuerUrl = new URL(issuer);
  const doFetch = options.fetch ?? fetch;
  const res = await doFetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    redirect: 'error',
  });
  if (!res.ok) throw new Error(`discovery answered HTTP ${res.status}`);
  const doc = (await res.json()) as Record<string, unknown>;
  if (doc.issuer !== issuer) throw new Error('discovery document names another issuer');
  return {
    issuer,
    authorization_endpoint: checkedEndpoint(doc.authorization_endpoint, issuerUrl, 'authorization_endpoint'),
    jwks_uri: checkedEndpoint(doc.jwks_uri, issuerUrl, 'jwks_uri'),
  };
}

/** jose's error classes to our reasons. */
function reasonOf(err: unknown): IdTokenFailure {
  if (err instanceof errors.JWTExpired) return 'expired';
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'iss') return 'issuer';
    if (err.claim === 'aud') return 'audience';
    if (err.claim === 'nbf' || (err.claim === 'iat' && err.reason === 'check_failed')) return 'not_yet_valid';
    return 'claims';
  }
  if (err instanceof errors.JOSEAlgNotAllowed || err instanceof errors.JOSENotSupported) return 'algorithm';
  if (err instanceof errors.JWSSignatureVerificationFailed) return 'signature';
  // No key of the issuer has the token's kid (or several match): it was not signed by the issuer.
  if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys) return 'signature';
  if (err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid) return 'keys_unavailable';
  if (err instanceof errors.JWSInvalid || err instanceof errors.JWTInvalid) return 'malformed';
  // Anything else comes from fetching the keys (network, HTTP status, JSON).
  return 'keys_unavailable';
}

const MESSAGES: Readonly<Record<IdTokenFailure, string>> = {
  malformed: 'the ID token is not a well-formed signed JWT',
  signature: 'the ID token is not signed by a key of the issuer',
  algorithm: 'the ID token is not signed with RS256',
  issuer: 'the ID token is from another issuer',
  audience: 'the ID token is for another client',
  expired: 'the ID token has expired',
  not_yet_valid: 'the ID token is not valid yet',
  claims: 'the ID token lacks a required claim or has one of the wrong type',
  keys_unavailable: "the issuer's keys could not be fetched",
};

const fail = (reason: IdTokenFailure, detail?: string) => new IdTokenError(reason, detail ? `${MESSAGES[reason]}: ${detail}` : MESSAGES[reason]);

function claimsOf(payload: JWTPayload, clientId: string, issuer: string): VerifiedIdToken {
  const { sub, email, name, nonce, aud, azp } = payload;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 255) throw fail('claims', 'sub');
  if (typeof email !== 'string' || email.length === 0 || email.length > 254) throw fail('claims', 'email');
  // OpenID Connect: with several audiences, the authorized party must be us.
  if (Array.isArray(aud) && aud.length > 1 && azp !== clientId) throw fail('audience', 'azp');
  // Google has sent email_verified as the string "true" in some tokens.
  const verified = payload.email_verified;
  if (verified !== undefined && typeof verified !== 'boolean' && verified !== 'true' && verified !== 'false') throw fail('claims', 'email_verified');
  if (nonce !== undefined && typeof nonce !== 'string') throw fail('claims', 'nonce');
  return {
    issuer,
    subject: sub,
    email,
    emailVerified: verified === true || verified === 'true',
    name: typeof name === 'string' && name.length > 0 ? name : null,
    nonce: typeof nonce === 'string' ? nonce : null,
  };
}

export function createJoseVerifier(options: JoseVerifierOptions): IdTokenVerifier {
  const tolerance = options.clockToleranceS ?? CLOCK_TOLERANCE_S;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 5000;
  let keys: Promise<ReturnType<typeof createRemoteJWKSet>> | null = null;

  /** Discovery once; a failed one is forgotten so the next token tries again. */
  const keySet = () => {
    keys ??= discoverIssuer(options.issuer, { timeoutMs, ...(options.fetch ? { fetch: options.fetch } : {}) }).then((doc) =>
      createRemoteJWKSet(new URL(doc.jwks_uri), {
        timeoutDuration: timeoutMs,
        ...(options.fetch ? { [customFetch]: options.fetch as unknown as FetchImplementation } : {}),
      }),
    );
    keys.catch(() => {
      keys = null;
    });
    return keys;
  };

  return {
    async verify(idToken: string): Promise<VerifiedIdToken> {
      if (typeof idToken !== 'string' || idToken.length === 0 || idToken.length > 16_384) throw fail('malformed');
      let jwks: Awaited<ReturnType<typeof keySet>>;
      try {
        jwks = await keySet();
      } catch (err) {
        throw fail('keys_unavailable', err instanceof Error ? err.message : undefined);
      }
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, jwks, {
          issuer: acceptedIssuers(options.issuer),
          audience: options.clientId,
          algorithms: ['RS256'],
          clockTolerance: tolerance,
          currentDate: new Date(now()),
          requiredClaims: ['sub', 'email', 'iat', 'exp'],
        }));
      } catch (err) {
        throw fail(reasonOf(err));
      }
      // jose checks iat is a number; a token issued in the future is refused here.
      if (typeof payload.iat === 'number' && payload.iat > now() / 1000 + tolerance) throw fail('not_yet_valid', 'iat');
      return claimsOf(payload, options.clientId, options.issuer);
    },
  };
}
