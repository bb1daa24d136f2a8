import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { startSandboxesProgram, type SandboxesProgram } from '../../../../testing/sandboxes-program';
import { IdTokenError, type IdTokenFailure, type IdTokenVerifier } from '../id-token-verifier';
import { acceptedIssuers, createJoseVerifier, discoverIssuer } from '../jose-verifier';

/**
 * The verifier against the sign-in sandbox over real HTTP (discovery, then the JWKS), with
 * tokens from the sandbox's own chooser and tokens forged every way a verifier must refuse. The
 * sandbox runs in the sandboxes program, given the signing key the test forges with
 * (JOIN_SIGNIN_KEY_FILE, a private JWK; its kid the RFC 7638 thumbprint, as the sandbox names it).
 */
const CLIENT = 'join-web';
const SITE = 'http://localhost:8080';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  privateJwk: JWK;
  publicJwk: JWK;
}

async function signingKey(): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const publicPart: JWK = { kty: privateJwk.kty, n: privateJwk.n, e: privateJwk.e };
  const kid = await calculateJwkThumbprint(publicPart);
  // As the issuer publishes it (GET /jwks).
  return { kid, privateKey, privateJwk, publicJwk: { ...publicPart, kid, alg: 'RS256', use: 'sig' } };
}

/** A stable 21-digit subject, the shape of the sandbox's (and Google's). */
const SUBJECT = '108312345678901234567';

const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

describe('jose ID-token verifier against the sign-in sandbox', () => {
  let keys: SigningKey;
  let stranger: SigningKey;
  let program: SandboxesProgram;
  let sandbox: { url: string };
  let verifier: IdTokenVerifier;
  const nowS = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    [keys, stranger] = await Promise.all([signingKey(), signingKey()]);
    const keyFile = join(mkdtempSync(join(tmpdir(), 'signin-key-')), 'key.json');
    writeFileSync(keyFile, JSON.stringify(keys.privateJwk), { mode: 0o600 });
    program = await startSandboxesProgram(['signin'], { JOIN_SIGNIN_CLIENTS: `${CLIENT}=${SITE}`, JOIN_SIGNIN_KEY_FILE: keyFile });
    sandbox = { url: program.url('signin') };
    verifier = createJoseVerifier({ issuer: sandbox.url, clientId: CLIENT });
  });
  afterAll(() => program.close());

  /** A token as the sandbox would sign it, with claims and header changed as a test needs. */
  function forge(
    claims: JWTPayload = {},
    { key = keys.privateKey, kid = keys.kid, drop = [] as string[] }: { key?: CryptoKey; kid?: string; drop?: string[] } = {},
  ): Promise<string> {
    const t = nowS();
    const payload: JWTPayload = {
      iss: sandbox.url,
      aud: CLIENT,
      sub: SUBJECT,
      email: 'amira@example.com',
      email_verified: true,
      name: 'Amira Haddad',
      nonce: 'n-1',
      iat: t,
      exp: t + 600,
      ...claims,
    };
    for (const claim of drop) delete payload[claim];
    return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key);
  }

  async function reasonFor(token: string, v: IdTokenVerifier = verifier): Promise<IdTokenFailure> {
    const err = await v.verify(token).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(IdTokenError);
    // The token is never repeated in the error.
    const payload = token.split('.')[1] ?? '';
    if (payload.length > 8) expect((err as Error).message).not.toContain(payload);
    return (err as IdTokenError).reason;
  }

  it("accepts a token from the sandbox's chooser", async () => {
    const choose = async () => {
      const res = await fetch(`${sandbox.url}/authorize/choose`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: CLIENT, redirect_uri: SITE, nonce: 'nonce-from-session', state: 's', account: 'daniel.ortiz@example.com' }).toString(),
      });
      return /&quot;id_token&quot;:&quot;([^&]+)&quot;/.exec(await res.text())?.[1] ?? '';
    };
    const verified = await verifier.verify(await choose());
    expect(verified).toEqual({
      issuer: sandbox.url,
      // The sandbox's subject for the e-mail: 21 digits like Google's, the same on every sign-in.
      subject: expect.stringMatching(/^\d{21}$/),
      email: 'daniel.ortiz@example.com',
      emailVerified: true,
      name: 'Daniel Ortiz',
      nonce: 'nonce-from-session',
    });
    expect((await verifier.verify(await choose())).subject).toBe(verified.subject);
  });

  it('reads email_verified false, and a token without name or nonce', async () => {
    await expect(verifier.verify(await forge({ email_verified: false }))).resolves.toMatchObject({ emailVerified: false });
    await expect(verifier.verify(await forge({}, { drop: ['name', 'nonce', 'email_verified'] }))).resolves.toMatchObject({
      name: null,
      nonce: null,
      emailVerified: false,
    });
    // Google has sent the flag as a string.
    await expect(verifier.verify(await forge({ email_verified: 'true' }))).resolves.toMatchObject({ emailVerified: true });
  });

  it('refuses a token signed by another key under the real kid', async () => {
    expect(await reasonFor(await forge({}, { key: stranger.privateKey }))).toBe('signature');
  });

  it('refuses a token whose kid the issuer does not publish', async () => {
    expect(await reasonFor(await forge({}, { key: stranger.privateKey, kid: stranger.kid }))).toBe('signature');
  });

  it('refuses a tampered payload', async () => {
    const [header, , signature] = (await forge()).split('.');
    const payload = b64url({ iss: sandbox.url, aud: CLIENT, sub: '1', email: 'mallory@example.com', iat: nowS(), exp: nowS() + 600 });
    expect(await reasonFor(`${header}.${payload}.${signature}`)).toBe('signature');
  });

  it('refuses another issuer and another audience', async () => {
    expect(await reasonFor(await forge({ iss: 'https://accounts.google.com' }))).toBe('issuer');
    expect(await reasonFor(await forge({ aud: 'someone-else' }))).toBe('audience');
    // Several audiences are fine only when the authorized party is us.
    expect(await reasonFor(await forge({ aud: [CLIENT, 'someone-else'], azp: 'someone-else' }))).toBe('audience');
    await expect(verifier.verify(await forge({ aud: [CLIENT, 'someone-else'], azp: CLIENT }))).resolves.toMatchObject({ email: 'amira@example.com' });
  });

  it('refuses an expired token, with 60 s of clock tolerance', async () => {
    expect(await reasonFor(await forge({ iat: nowS() - 3600, exp: nowS() - 120 }))).toBe('expired');
    await expect(verifier.verify(await forge({ iat: nowS() - 3600, exp: nowS() - 30 }))).resolves.toMatchObject({ email: 'amira@example.com' });
  });

  it('refuses a token issued in the future or not valid yet', async () => {
    expect(await reasonFor(await forge({ iat: nowS() + 300, exp: nowS() + 900 }))).toBe('not_yet_valid');
    expect(await reasonFor(await forge({ nbf: nowS() + 300 }))).toBe('not_yet_valid');
    await expect(verifier.verify(await forge({ iat: nowS() + 30 }))).resolves.toBeDefined();
  });

  it('refuses alg none and HS256 (the public key used as an HMAC secret)', async () => {
    const claims = { iss: sandbox.url, aud: CLIENT, sub: '1', email: 'a@example.com', iat: nowS(), exp: nowS() + 600 };
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
    expect(await reasonFor(unsigned)).toBe('algorithm');

    const header = b64url({ alg: 'HS256', kid: keys.kid, typ: 'JWT' });
    const body = b64url(claims);
    const mac = createHmac('sha256', JSON.stringify(keys.publicJwk)).update(`${header}.${body}`).digest('base64url');
    expect(await reasonFor(`${header}.${body}.${mac}`)).toBe('algorithm');
  });

  it.each([['sub'], ['email'], ['iat'], ['exp']])('refuses a token without %s', async (claim) => {
    expect(await reasonFor(await forge({}, { drop: [claim] }))).toBe('claims');
  });

  it('refuses claims of the wrong type', async () => {
    expect(await reasonFor(await forge({ email: 42 as unknown as string }))).toBe('claims');
    expect(await reasonFor(await forge({ sub: '' }))).toBe('claims');
    expect(await reasonFor(await forge({ email_verified: 'yes' }))).toBe('claims');
  });

  it('refuses what is not a JWT', async () => {
    expect(await reasonFor('not-a-token')).toBe('malformed');
    expect(await reasonFor('a.b.c')).toBe('malformed');
    expect(await reasonFor('')).toBe('malformed');
  });

  it("says the keys are unavailable when the issuer cannot be reached, and tries again next time", async () => {
    let down = true;
    const flaky: typeof fetch = (input, init) => (down ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init));
    const v = createJoseVerifier({ issuer: sandbox.url, clientId: CLIENT, fetch: flaky });
    const token = await forge();
    expect(await reasonFor(token, v)).toBe('keys_unavailable');
    down = false;
    await expect(v.verify(token)).resolves.toMatchObject({ email: 'amira@example.com' });
  });

  it('refuses a discovery document that names another issuer', async () => {
    const lying: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const doc = (await res.json()) as Record<string, unknown>;
      return new Response(JSON.stringify({ ...doc, issuer: 'https://evil.example' }), { headers: { 'content-type': 'application/json' } });
    };
    await expect(discoverIssuer(sandbox.url, { fetch: lying })).rejects.toThrow(/another issuer/);
    expect(await reasonFor(await forge(), createJoseVerifier({ issuer: sandbox.url, clientId: CLIENT, fetch: lying }))).toBe('keys_unavailable');
  });

  it('finds the authorization endpoint by discovery', async () => {
    await expect(discoverIssuer(sandbox.url)).resolves.toEqual({
      issuer: sandbox.url,
      authorization_endpoint: `${sandbox.url}/authorize`,
      jwks_uri: `${sandbox.url}/jwks`,
    });
  });
});

describe('issuers', () => {
  it("accepts both forms of Google's issuer, and only the configured one otherwise", () => {
    expect(acceptedIssuers('https://accounts.google.com')).toEqual(['https://accounts.google.com', 'accounts.google.com']);
    expect(acceptedIssuers('http://127.0.0.1:8090')).toEqual(['http://127.0.0.1:8090']);
  });

  it('refuses keys over plain HTTP from anywhere but this machine', async () => {
    const doc = { issuer: 'http://idp.example', authorization_endpoint: 'http://idp.example/authorize', jwks_uri: 'http://idp.example/jwks' };
    const fake: typeof fetch = async () => new Response(JSON.stringify(doc), { headers: { 'content-type': 'application/json' } });
    await expect(discoverIssuer('http://idp.example', { fetch: fake })).rejects.toThrow(/not https/);
  });
});
