import type { LightMyRequestResponse } from 'fastify';
import {
  ACCOUNT_ERROR_CODES,
  API_ERROR_CODES,
  FlowStatusResponse,
  LoginResponse,
  MeResponse,
  SocialNonceResponse,
  SocialProvidersResponse,
} from '@join/shared/contract';
import { createTestApp, expectApiError as expectError, type TestApp, type Visitor } from '../../../testing/harness';
import { FAKE_CLIENT_ID, FAKE_ISSUER, FakeIdTokens } from '../../../testing/fake-id-tokens';

/**
 * "Continue with Google" over HTTP, with a stand-in provider whose verifier answers the claims a
 * test issued (the jose verifier's own checks are tested with it): the nonce bound to the
 * session, the verified e-mail, linking by (issuer, subject) and by e-mail, terminated e-mails.
 */

describe('social login', () => {
  let t: TestApp;
  let tokens: FakeIdTokens;
  let v: Visitor;
  beforeEach(async () => {
    tokens = new FakeIdTokens();
    t = await createTestApp({ social: tokens.config() });
    v = await t.login();
  });
  afterEach(() => t.close());

  const nonceFor = async (who: Visitor): Promise<string> =>
    SocialNonceResponse.parse((await t.post(who, '/api/securitymanagement/social_nonce', { provider: 'google' })).json()).nonce;
  const socialLogin = (who: Visitor, idToken: string) =>
    t.post(who, '/api/securitymanagement/social_login', { provider: 'google', id_token: idToken });
  const upgraded = (res: LightMyRequestResponse): Visitor => {
    const { session_id } = LoginResponse.parse(res.json());
    return { ...v, sessionId: session_id, headers: { ...v.headers, 'session-id': session_id } };
  };

  it('lists the configured provider, and none when social login is off', async () => {
    expect(SocialProvidersResponse.parse((await t.get(v, '/api/securitymanagement/social_providers')).json())).toEqual({
      providers: [{ id: 'google', authorization_endpoint: `${FAKE_ISSUER}/authorize`, client_id: FAKE_CLIENT_ID }],
    });
    const off = await createTestApp();
    const w = await off.login();
    expect((await off.get(w, '/api/securitymanagement/social_providers')).json()).toEqual({ providers: [] });
    expectError(await off.post(w, '/api/securitymanagement/social_nonce', { provider: 'google' }), 400, API_ERROR_CODES.badRequest);
    await off.close();
  });

  it('answers a fresh random nonce and state each time', async () => {
    const a = SocialNonceResponse.parse((await t.post(v, '/api/securitymanagement/social_nonce', { provider: 'google' })).json());
    const b = SocialNonceResponse.parse((await t.post(v, '/api/securitymanagement/social_nonce', { provider: 'google' })).json());
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.state).not.toBe(b.state);
    expect(a.nonce.length).toBeGreaterThanOrEqual(40);
  });

  it('creates an account without a password for a new verified e-mail, and upgrades the session', async () => {
    const nonce = await nonceFor(v);
    const res = await socialLogin(v, tokens.issue({ email: 'Daniel.Ortiz@example.com', nonce, subject: 'sub-daniel', name: 'Daniel Ortiz' }));
    expect(res.statusCode).toBe(200);
    const login = LoginResponse.parse(res.json());
    expect(login.profile).toEqual({ uid: v.uid, email: 'daniel.ortiz@example.com', has_password: false, login_method: 'google' });
    expectError(await t.get(v, '/api/me/flow_status'), 401, -27);
    const daniel = upgraded(res);
    const flags = FlowStatusResponse.parse((await t.get(daniel, '/api/me/flow_status')).json()).flow_status_flags;
    expect(flags).toMatchObject({ is_logged_in_via_email: true, has_password: false });
    expect(MeResponse.parse((await t.get(daniel, '/api/securitymanagement/me')).json())).toMatchObject({ login_method: 'google' });
  });

  it('links to the existing account of the e-mail the first time, and by subject afterwards', async () => {
    const first = await socialLogin(v, tokens.issue({ email: 'amira@example.com', nonce: await nonceFor(v), subject: 'google-amira' }));
    expect(LoginResponse.parse(first.json()).profile).toMatchObject({ email: 'amira@example.com', has_password: true, login_method: 'google' });
    const amira = upgraded(first);
    const flags = FlowStatusResponse.parse((await t.get(amira, '/api/me/flow_status')).json()).flow_status_flags;
    expect(flags).toMatchObject({ is_logged_in_via_email: true, has_password: true });

    // Same subject, the e-mail changed at the provider: still Amira's account.
    const w = await t.login();
    const again = await socialLogin(w, tokens.issue({ email: 'amira.new@example.com', nonce: await nonceFor(w), subject: 'google-amira' }));
    expect(LoginResponse.parse(again.json()).profile.email).toBe('amira@example.com');
  });

  it('refuses a token whose nonce is not this session’s (401 nonce_error), and a nonce used once already', async () => {
    await nonceFor(v);
    expectError(await socialLogin(v, tokens.issue({ email: 'x@example.com', nonce: 'someone-elses-nonce-000000000000' })), 401, 'nonce_error');

    const nonce = await nonceFor(v);
    const token = tokens.issue({ email: 'x@example.com', nonce });
    const w = await t.login();
    // Another session's nonce does not fit this one.
    await nonceFor(w);
    expectError(await socialLogin(w, token), 401, 'nonce_error');
    const ok = await socialLogin(v, token);
    expect(ok.statusCode).toBe(200);
    // Replayed into the upgraded session: the nonce is gone.
    expectError(await socialLogin(upgraded(ok), token), 401, 'nonce_error');
  });

  it('refuses a token without a nonce asked for, and after the nonce expired', async () => {
    expectError(await socialLogin(v, tokens.issue({ email: 'x@example.com', nonce: null })), 401, 'nonce_error');
    const nonce = await nonceFor(v);
    t.clock.advance(10 * 60_000);
    const fresh = await t.login(v.deviceId);
    expectError(await socialLogin(fresh, tokens.issue({ email: 'x@example.com', nonce })), 401, 'nonce_error');
  });

  it('answers 401 social_token_invalid for a token that fails verification, without saying which check', async () => {
    for (const reason of ['signature', 'audience', 'issuer', 'expired', 'algorithm'] as const) {
      await nonceFor(v);
      const res = await socialLogin(v, tokens.failing(reason));
      expectError(res, 401, ACCOUNT_ERROR_CODES.socialTokenInvalid);
      expect(JSON.stringify(res.json())).not.toContain(reason);
    }
    await nonceFor(v);
    expectError(await socialLogin(v, tokens.failing('keys_unavailable')), 503, API_ERROR_CODES.internal);
  });

  it('refuses an e-mail the provider has not verified (403 email_not_verified)', async () => {
    const nonce = await nonceFor(v);
    expectError(
      await socialLogin(v, tokens.issue({ email: 'unverified@example.com', nonce, emailVerified: false })),
      403,
      ACCOUNT_ERROR_CODES.emailNotVerified,
    );
  });

  it('refuses a terminated e-mail without a password (409) and opens /login/terminated for it', async () => {
    const nonce = await nonceFor(v);
    expectError(await socialLogin(v, tokens.issue({ email: 'former@example.com', nonce })), 409, 'account_with_terminated_number');
    const context = FlowStatusResponse.parse((await t.get(v, '/api/me/flow_status')).json()).flow_context;
    expect(context?.terminated_email).toBe('former@example.com');
  });

  it('is budgeted per address', async () => {
    const small = await createTestApp({ social: tokens.config(), rateLimit: { socialLoginMax: 1 } });
    const w = await small.login();
    expect((await small.post(w, '/api/securitymanagement/social_nonce', { provider: 'google' })).statusCode).toBe(200);
    expectError(await small.post(w, '/api/securitymanagement/social_nonce', { provider: 'google' }), 429, API_ERROR_CODES.rateLimited);
    await small.close();
  });
});
