import type { FastifyInstance } from 'fastify';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { subjectFor } from '../accounts';
import { parseSigninClients, webOrigin } from '../clients';
import { generateSigninKeys, type SigninKeys } from '../keys';
import { buildSigninApp } from '../signin-app';
import { languageOf } from '../texts';

const ISSUER = 'http://signin.test:8090';
const SITE = 'http://localhost:8080';
const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);

/** The query of a good authorization request, as the product's page builds it. */
function authorizeQuery(overrides: Record<string, string | undefined> = {}): string {
  const params: Record<string, string | undefined> = {
    client_id: 'join-web',
    redirect_uri: SITE,
    response_type: 'id_token',
    response_mode: 'web_message',
    scope: 'openid email profile',
    nonce: 'n-0S6_WzA2Mj',
    state: 'st-123',
    ui_locales: 'en',
    ...overrides,
  };
  return new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)).toString();
}

const chooseBody = (fields: Record<string, string>) =>
  new URLSearchParams({ client_id: 'join-web', redirect_uri: SITE, nonce: 'n-0S6_WzA2Mj', state: 'st-123', ui_locales: 'en', ...fields }).toString();

/** The data attributes of the result page, read back as its script reads them. */
function resultOf(body: string): { origin: string; message: Record<string, unknown> } {
  const origin = /data-target-origin="([^"]*)"/.exec(body)?.[1];
  const raw = /data-message="([^"]*)"/.exec(body)?.[1];
  if (origin === undefined || raw === undefined) throw new Error(`not a result page: ${body.slice(0, 200)}`);
  const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return { origin: unescape(origin), message: JSON.parse(unescape(raw)) as Record<string, unknown> };
}

describe('sign-in sandbox', () => {
  let keys: SigninKeys;
  let app: FastifyInstance;

  beforeAll(async () => {
    keys = await generateSigninKeys();
    app = await buildSigninApp({
      issuer: ISSUER,
      clients: parseSigninClients(`join-web=${SITE},http://127.0.0.1:8080;other-app=https://other.example`),
      keys,
      now: () => NOW,
    });
  });
  afterAll(() => app.close());

  const authorize = (query: string) => app.inject({ method: 'GET', url: `/authorize?${query}` });
  const choose = (fields: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/authorize/choose', payload: chooseBody(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  it('publishes a discovery document and its public key', async () => {
    const discovery = await app.inject({ method: 'GET', url: '/.well-known/openid-configuration' });
    expect(discovery.json()).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/authorize`,
      jwks_uri: `${ISSUER}/jwks`,
      response_types_supported: ['id_token'],
      response_modes_supported: ['web_message'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
    const jwks = (await app.inject({ method: 'GET', url: '/jwks' })).json() as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: keys.kid });
    // The private parts never leave the sandbox.
    for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(jwks.keys[0]).not.toHaveProperty(secret);
  });

  it('shows the account chooser with its own CSP, nothing inline, no COOP', async () => {
    const res = await authorize(authorizeQuery());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'; style-src 'self'/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.body).toContain('<html lang="en" dir="ltr">');
    expect(res.body).toContain('<h1 id="title">Choose an account</h1>');
    for (const email of ['amira@example.com', 'daniel.ortiz@example.com', 'unverified@example.com']) {
      expect(res.body).toContain(`name="account" value="${email}"`);
    }
    expect(res.body).toContain('E-mail not verified');
    expect(res.body).toContain('<summary>Use another account</summary>');
    expect(res.body).toContain('<label for="email">E-mail</label>');
    expect(res.body).not.toMatch(/<script>|<style|\sstyle="|\son[a-z]+="/);
    // The request travels on in every form.
    expect(res.body.match(/name="nonce" value="n-0S6_WzA2Mj"/g)).toHaveLength(3);

    const css = await app.inject({ method: 'GET', url: '/assets/signin.css' });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const js = await app.inject({ method: 'GET', url: '/assets/signin-result.js' });
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(js.body).toContain('opener.postMessage(message, origin)');
  });

  it('speaks Arabic, right to left, when ui_locales asks for it', async () => {
    const res = await authorize(authorizeQuery({ ui_locales: 'ar-AE en' }));
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain('اختر حسابًا');
    expect(res.body).toContain('استخدام حساب آخر');
    // E-mail addresses stay left to right inside the Arabic page.
    expect(res.body).toContain('<span class="email" dir="ltr">amira@example.com</span>');
    expect(languageOf('fr ar')).toBe('ar');
    expect(languageOf('fr')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });

  it('escapes what the request carries', async () => {
    const res = await authorize(authorizeQuery({ state: '"><script>alert(1)</script>' }));
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it.each([
    ['an unknown client', { client_id: 'stranger' }, 'not registered'],
    ['an origin not registered for the client', { redirect_uri: 'https://evil.example' }, 'not allowed to receive'],
    ["another client's origin", { redirect_uri: 'https://other.example' }, 'not allowed to receive'],
    ['a redirect_uri that is no URL', { redirect_uri: 'javascript:alert(1)' }, 'not allowed to receive'],
    ['the code flow', { response_type: 'code' }, 'kind of answer'],
    ['a redirect response mode', { response_mode: 'fragment' }, 'kind of answer'],
    ['no openid scope', { scope: 'email profile' }, 'scope openid'],
    ['no nonce', { nonce: undefined }, 'no nonce'],
    ['no client id', { client_id: undefined }, 'incomplete or malformed'],
  ])('refuses %s with an error page', async (_what, overrides, text) => {
    const res = await authorize(authorizeQuery(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('This sign-in request cannot be completed');
    expect(res.body).toContain(text);
    expect(res.body).not.toContain('data-message');
  });

  it('signs an RS256 ID token for a seeded account and posts it to the registered origin', async () => {
    const res = await choose({ account: 'amira@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<script src="/assets/signin-result.js"></script>');
    const { origin, message } = resultOf(res.body);
    expect(origin).toBe(SITE);
    expect(message).toMatchObject({ type: 'join-signin', state: 'st-123' });
    const token = message.id_token as string;
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid: keys.kid, typ: 'JWT' });
    const { payload } = await jwtVerify(token, await importJWK(keys.publicJwk, 'RS256'), { currentDate: new Date(NOW) });
    expect(payload).toEqual({
      iss: ISSUER,
      aud: 'join-web',
      azp: 'join-web',
      sub: subjectFor('amira@example.com'),
      email: 'amira@example.com',
      email_verified: true,
      name: 'Amira Haddad',
      nonce: 'n-0S6_WzA2Mj',
      iat: NOW / 1000,
      exp: NOW / 1000 + 600,
    });
  });

  it("answers the redirect_uri's own registered origin (127.0.0.1 as well as localhost)", async () => {
    const res = await choose({ account: 'daniel.ortiz@example.com', redirect_uri: 'http://127.0.0.1:8080/join/login' });
    expect(resultOf(res.body).origin).toBe('http://127.0.0.1:8080');
  });

  it("says when the seeded account's e-mail is not verified", async () => {
    const { message } = resultOf((await choose({ account: 'unverified@example.com' })).body);
    const { payload } = await jwtVerify(message.id_token as string, await importJWK(keys.publicJwk, 'RS256'), { currentDate: new Date(NOW) });
    expect(payload).toMatchObject({ email: 'unverified@example.com', email_verified: false, name: 'Sam Unverified' });
  });

  it('makes any typed account, verified', async () => {
    const { message } = resultOf((await choose({ email: '  Tester@Example.org ', name: 'Test Person' })).body);
    const { payload } = await jwtVerify(message.id_token as string, await importJWK(keys.publicJwk, 'RS256'), { currentDate: new Date(NOW) });
    expect(payload).toMatchObject({ email: 'tester@example.org', email_verified: true, name: 'Test Person', sub: subjectFor('tester@example.org') });

    const unnamed = resultOf((await choose({ email: 'solo@example.org', name: '' })).body);
    const claims = await jwtVerify(unnamed.message.id_token as string, await importJWK(keys.publicJwk, 'RS256'), { currentDate: new Date(NOW) });
    expect(claims.payload.name).toBe('solo');
  });

  it('shows a typed e-mail that is wrong next to its field, in the page language', async () => {
    const res = await choose({ email: 'not-an-email', name: '<b>x</b>', ui_locales: 'ar' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<details open>');
    expect(res.body).toMatch(/id="email"[^>]*value="not-an-email" aria-invalid="true" aria-describedby="email-error"/);
    expect(res.body).toContain('<p id="email-error" class="error">أدخل عنوان بريد إلكتروني مثل name@example.com.</p>');
    expect(res.body).toMatch(/id="name"[^>]*value="&lt;b&gt;x&lt;\/b&gt;" aria-invalid="true"/);
    expect(res.body).not.toContain('data-message');
  });

  it('answers access_denied on cancel', async () => {
    const { origin, message } = resultOf((await choose({ cancel: '1' })).body);
    expect(origin).toBe(SITE);
    expect(message).toEqual({ type: 'join-signin', error: 'access_denied', state: 'st-123' });
  });

  it('never answers an unregistered origin, nor a choice without a nonce or of an unknown seeded account', async () => {
    const refused: Array<Record<string, string>> = [
      { account: 'amira@example.com', redirect_uri: 'https://evil.example' },
      { cancel: '1', client_id: 'stranger' },
      { account: 'amira@example.com', nonce: '' },
      { account: 'nobody@example.com' },
    ];
    for (const fields of refused) {
      const res = await choose(fields);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('data-message');
    }
  });
});

describe('sign-in sandbox configuration', () => {
  it('reads registered clients', () => {
    const clients = parseSigninClients('join-web=http://localhost:8080, http://127.0.0.1:8080/ ; staff=https://staff.example.com');
    expect([...clients.entries()]).toEqual([
      ['join-web', ['http://localhost:8080', 'http://127.0.0.1:8080']],
      ['staff', ['https://staff.example.com']],
    ]);
  });

  it.each([
    ['', /no client/],
    ['join-web', /client-id=origin/],
    ['join-web=', /no origin/],
    ['join-web=ftp://x.example', /not an http/],
    ['join-web=http://x.example/path', /origin only/],
    ['join web=http://x.example', /client-id=origin/],
  ])('refuses %p', (value, message) => {
    expect(() => parseSigninClients(value)).toThrow(message);
  });

  it('gives each e-mail one stable, Google-shaped subject', () => {
    expect(subjectFor('amira@example.com')).toMatch(/^1\d{20}$/);
    expect(subjectFor(' Amira@Example.com')).toBe(subjectFor('amira@example.com'));
    expect(subjectFor('daniel.ortiz@example.com')).not.toBe(subjectFor('amira@example.com'));
    expect(webOrigin('https://a.example:8443')).toBe('https://a.example:8443');
  });
});
