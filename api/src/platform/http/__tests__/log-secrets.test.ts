import { LoginResponse, SocialNonceResponse } from '@join/shared/contract';
import { createTestApp, type TestApp } from '../../../testing/harness';
import { FakeIdTokens } from '../../../testing/fake-id-tokens';
import { REDACTED } from '../log-redaction';
import { captureLog } from '../../../testing/capture-log';

/**
 * No password, code, ID token, nonce or session id in any log line (ASVS 5.0 V16.2.5): the log
 * of failing and succeeding logins of every kind is captured at the most verbose level and
 * searched for each secret the test handled.
 */
describe('secrets stay out of the log', () => {
  let t: TestApp;
  let log: ReturnType<typeof captureLog>;
  let tokens: FakeIdTokens;
  beforeEach(async () => {
    log = captureLog();
    tokens = new FakeIdTokens();
    t = await createTestApp({ logger: { level: 'trace', stream: log.stream }, social: tokens.config() });
  });
  afterEach(() => t.close());

  it('logs login events, failed and successful, without any of the secrets they carried', async () => {
    const secrets: string[] = [];
    const v = await t.login();
    secrets.push(v.sessionId);

    // Password: wrong, unknown e-mail, then right.
    await t.post(v, '/api/securitymanagement/login', { email: 'amira@example.com', password: 'Wr0ngSecretPass' });
    await t.post(v, '/api/securitymanagement/login', { email: 'ghost@example.com', password: 'An0therSecret' });
    secrets.push('Wr0ngSecretPass', 'An0therSecret', 'Welcome2026');
    const amira = await t.loginWithPassword(v, 'amira@example.com', 'Welcome2026');
    secrets.push(amira.sessionId);

    // Code: a wrong one, then the right one; then a password set.
    const w = await t.login();
    secrets.push(w.sessionId);
    await t.post(w, '/api/securitymanagement/send_verification_code', { email: 'noor@example.com' });
    const code = t.mail.lastCode('noor@example.com');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await t.post(w, '/api/securitymanagement/validate_verification_code', { email: 'noor@example.com', code: wrong });
    const noor = await t.post(w, '/api/securitymanagement/validate_verification_code', { email: 'noor@example.com', code });
    const noorSession = LoginResponse.parse(noor.json()).session_id;
    secrets.push(code, wrong, noorSession);
    await t.post({ ...w, headers: { ...w.headers, 'session-id': noorSession } }, '/api/securitymanagement/set_password', {
      password: 'N00rSecretPass',
    });
    secrets.push('N00rSecretPass');

    // A mail server that fails while carrying a code.
    t.mail.failWith = new Error('SMTP refused the message');
    t.clock.advance(31_000);
    const x = await t.login();
    secrets.push(x.sessionId);
    await t.post(x, '/api/securitymanagement/send_verification_code', { email: 'fresh@example.com' });
    t.mail.failWith = null;

    // Social: a refused token, then a good one.
    const s = await t.login();
    secrets.push(s.sessionId);
    const nonceOf = async () =>
      SocialNonceResponse.parse((await t.post(s, '/api/securitymanagement/social_nonce', { provider: 'google' })).json()).nonce;
    const refusedToken = tokens.failing('audience');
    secrets.push(await nonceOf(), refusedToken);
    await t.post(s, '/api/securitymanagement/social_login', { provider: 'google', id_token: refusedToken });
    const nonce = await nonceOf();
    const goodToken = tokens.issue({ email: 'daniel.ortiz@example.com', nonce });
    const social = await t.post(s, '/api/securitymanagement/social_login', { provider: 'google', id_token: goodToken });
    secrets.push(nonce, goodToken, LoginResponse.parse(social.json()).session_id);

    const text = log.lines.join('\n');
    // The events are there (so the search below searched something) ...
    for (const event of ['login_refused', 'code_refused', 'code_mail_failed', 'social_login_refused', '"event":"login"']) {
      expect(text).toContain(event);
    }
    expect(text).toContain('"reason":"audience"');
    // ... and no secret is.
    for (const secret of secrets) expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
  });

  it('redacts the session id header and the body’s secret fields wherever something logs them', () => {
    t.app.log.info(
      {
        headers: { 'session-id': 'f'.repeat(64), 'device-id': 'dev-1' },
        body: { email: 'amira@example.com', password: 'Welcome2026', code: '123456', id_token: 'eyJ.x.y', nonce: 'n-1' },
        session_id: 'e'.repeat(64),
      },
      'a careless line',
    );
    const line = JSON.parse(log.lines.at(-1) ?? '{}') as Record<string, Record<string, unknown>>;
    expect(line.headers).toEqual({ 'session-id': REDACTED, 'device-id': 'dev-1' });
    expect(line.body).toEqual({ email: 'amira@example.com', password: REDACTED, code: REDACTED, id_token: REDACTED, nonce: REDACTED });
    expect(line.session_id).toBe(REDACTED);
  });

  it('redacts the retail cookies, sent or set, wherever something logs the headers', () => {
    const cookie = 'join_retail_device=' + 'd'.repeat(64) + '; join_retail_staff=' + 's'.repeat(64);
    t.app.log.info({ req: { headers: { cookie } }, res: { headers: { 'set-cookie': 'join_retail_staff=' + 's'.repeat(64) + '; HttpOnly' } } }, 'careless headers');
    t.app.log.info({ headers: { cookie, 'set-cookie': 'join_retail_manager=' + 'm'.repeat(64) } }, 'careless headers again');
    const text = log.lines.slice(-2).join('\n');
    expect(text).toContain('careless headers');
    for (const secret of ['d'.repeat(64), 's'.repeat(64), 'm'.repeat(64)]) expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
  });

  it('redacts the session id even where a deployment’s request serialiser logs headers', async () => {
    const own = captureLog();
    const verbose = await createTestApp({
      logger: {
        level: 'trace',
        stream: own.stream,
        serializers: { req: (req: { method: string; headers: Record<string, unknown> }) => ({ method: req.method, headers: req.headers }) },
      },
    });
    const v = await verbose.login();
    verbose.app.log.info({ req: { method: 'GET', headers: v.headers } }, 'request with headers');
    await verbose.close();
    const text = own.lines.join('\n');
    expect(text).toContain('request with headers');
    expect(text).toContain(REDACTED);
    expect(text).not.toContain(v.sessionId);
  });
});
