import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

/**
 * The sign-in sandbox's signing key: one RS256 key pair, made at start, or kept in
 * JOIN_SIGNIN_KEY_FILE (a private JWK as JSON) so the tokens of a restarted sandbox still verify
 * against a cached key set. Its kid is the key's RFC 7638 thumbprint, as stable as the key.
 */
export interface SigninKeys {
  kid: string;
  privateKey: CryptoKey;
  /** The public half, with kid, alg and use: what GET /jwks publishes. */
  publicJwk: JWK;
}

async function fromPrivateJwk(jwk: JWK): Promise<SigninKeys> {
  if (jwk.kty !== 'RSA' || !jwk.d) throw new Error('is not an RSA private key in JWK form');
  const privateKey = (await importJWK(jwk, 'RS256')) as CryptoKey;
  const { kty, n, e } = jwk;
  const publicPart: JWK = { kty, n, e };
  const kid = await calculateJwkThumbprint(publicPart);
  return { kid, privateKey, publicJwk: { ...publicPart, kid, alg: 'RS256', use: 'sig' } };
}

export async function generateSigninKeys(): Promise<SigninKeys & { privateJwk: JWK }> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const privateJwk = await exportJWK(privateKey);
  return { ...(await fromPrivateJwk(privateJwk)), privateJwk };
}

/** Reads the key file, or makes a key and writes it there (readable by this user only). */
export async function loadOrCreateSigninKeys(file: string): Promise<SigninKeys> {
  if (existsSync(file)) {
    let jwk: JWK;
    try {
      jwk = JSON.parse(readFileSync(file, 'utf8')) as JWK;
    } catch {
      throw new Error(`JOIN_SIGNIN_KEY_FILE ${file} is not JSON`);
    }
    try {
      return await fromPrivateJwk(jwk);
    } catch (err) {
      throw new Error(`JOIN_SIGNIN_KEY_FILE ${file} ${err instanceof Error ? err.message : 'cannot be read'}`);
    }
  }
  const made = await generateSigninKeys();
  writeFileSync(file, JSON.stringify(made.privateJwk), { mode: 0o600 });
  chmodSync(file, 0o600);
  const { privateJwk: _secret, ...keys } = made;
  return keys;
}
