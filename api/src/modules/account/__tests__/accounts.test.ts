import Database from 'better-sqlite3';
import type { LightMyRequestResponse } from 'fastify';
import {
  ACCOUNT_ERROR_CODES,
  API_ERROR_CODES,
  CheckEmailResponse,
  LoginResponse,
  MeResponse,
  SendCodeResponse,
  TerminatedNumbersResponse,
} from '@join/shared/contract';
import { createTestApp, expectApiError as expectError, type TestApp, type Visitor, withTestApp } from '../../../testing/harness';
import { emailSteps } from './email-steps';

/**
 * The account step end to end over HTTP with the real SQLite repos (api/README.md "Accounts"):
 * e-mail check, codes, password login and its lock, set_password, /me, terminated numbers,
 * logout, and the flags each login gives the session.
 */
const AMIRA = { email: 'amira@example.com', password: 'Welcome2026' };
const NOOR = 'noor@example.com';
const FORMER = 'former@example.com';

const expectSessionExpired = (res: LightMyRequestResponse) => expectError(res, 401, -27);

describe('accounts', () => {
  let t: TestApp;
  let v: Visitor;
  withTestApp((app, [first]) => void ([t, v] = [app, first as Visitor]));

  const { check, sendCode, validate, flowStatus } = emailSteps(() => t);
  const passwordLogin = (who: Visitor, email: string, password: string) => t.post(who, '/api/securitymanagement/login', { email, password });
  const flags = async (who: Visitor) => (await flowStatus(who)).flow_status_flags;
  const flowContext = async (who: Visitor) => (await flowStatus(who)).flow_context;
  const me = (who: Visitor) => t.get(who, '/api/securitymanagement/me');
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  describe('check_email', () => {
    it('answers the ways on (a password or a code), the same for every e-mail (see account-privacy.test.ts)', async () => {
      const answers = await Promise.all(
        ['AMIRA@Example.com', NOOR, 'nobody@example.com', FORMER].map(async (e) => CheckEmailResponse.parse((await check(v, e)).json())),
      );
      expect(answers).toEqual(Array(4).fill({ methods: ['password', 'code'] }));
      // Nothing is recorded for a terminated e-mail before it is proven.
      expect((await flowContext(v))?.terminated_email).toBeNull();
    });

    it('refuses a malformed e-mail, naming the field', async () => {
      const res = await check(v, 'not-an-email');
      expectError(res, 400, API_ERROR_CODES.badRequest);
      expect(res.json()).toMatchObject({ field: 'body.email' });
    });

    it('is budgeted per address', async () => {
      const small = await createTestApp({ rateLimit: { checkEmailMax: 2 } });
      const w = await small.login();
      for (let i = 0; i < 2; i += 1) expect((await small.post(w, '/api/securitymanagement/check_email', { email: NOOR })).statusCode).toBe(200);
      expectError(await small.post(w, '/api/securitymanagement/check_email', { email: NOOR }), 429, API_ERROR_CODES.rateLimited);
      await small.close();
    });
  });

  describe('terminated numbers', () => {
    it('lists the masked lines of the e-mail this visitor proved terminated, and nothing for any other', async () => {
      const list = async (who: Visitor, email: string) =>
        TerminatedNumbersResponse.parse((await t.get(who, `/api/customer/terminated_account_numbers?email=${encodeURIComponent(email)}`)).json());
      // Not proven yet: no probing by e-mail, even after the e-mail check.
      expect(await list(v, FORMER)).toEqual({ numbers: [] });
      await check(v, FORMER);
      expect(await list(v, FORMER)).toEqual({ numbers: [] });
      // The code mailed to it proves it: the answer says terminated, and the list opens.
      await sendCode(v, ' Former@Example.com ');
      expectError(await validate(v, FORMER, t.mail.lastCode(FORMER)), 409, 'account_with_terminated_number');
      expect((await flowContext(v))?.terminated_email).toBe(FORMER);
      expect(await list(v, 'FORMER@example.com')).toEqual({
        numbers: [{ number_masked: '058 *** *147', terminated_at: Date.UTC(2025, 5, 30, 12, 0) }],
      });
      expect(await list(v, 'amira@example.com')).toEqual({ numbers: [] });
      // Another visitor cannot read it by typing the e-mail.
      expect(await list(await t.login(), FORMER)).toEqual({ numbers: [] });
    });
  });

  describe('verification codes', () => {
    it('mails a 6-digit code in the request language and says how long it lives and when to resend', async () => {
      const res = await sendCode(v, 'New.Visitor@example.com');
      expect(SendCodeResponse.parse(res.json())).toEqual({ expires_in_s: 600, resend_after_s: 30 });
      const [mail] = t.mail.to('new.visitor@example.com');
      expect(mail?.subject).toMatch(/^Your verification code: \d{6}$/);
      expect(mail?.text).toContain('valid for 10 minutes');

      const ar = { ...v, headers: { ...v.headers, language: 'ar' } };
      expect((await sendCode(ar, 'arabic@example.com')).statusCode).toBe(200);
      const [arabic] = t.mail.to('arabic@example.com');
      expect(arabic?.subject).toContain('رمز التحقق');
      expect(arabic?.html).toContain('dir="rtl"');
      expect(arabic?.language).toBe('ar');
    });

    it('lets an account with a password log in with a code instead, keeping its password', async () => {
      expect((await sendCode(v, AMIRA.email)).statusCode).toBe(200);
      const res = await t.post(v, '/api/securitymanagement/validate_verification_code', { email: AMIRA.email, code: t.mail.lastCode(AMIRA.email) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ profile: { email: AMIRA.email, has_password: true, login_method: 'code' } });
    });

    it('waits 30 s between sends (429 with retry_after_s and Retry-After), and a new code replaces the old', async () => {
      await sendCode(v, NOOR);
      const first = t.mail.lastCode(NOOR);
      t.clock.advance(10_000);
      const early = await sendCode(v, NOOR);
      expectError(early, 429, API_ERROR_CODES.rateLimited);
      expect(early.json()).toMatchObject({ retry_after_s: 20 });
      expect(early.headers['retry-after']).toBe('20');
      t.clock.advance(20_000);
      expect((await sendCode(v, NOOR)).statusCode).toBe(200);
      const second = t.mail.lastCode(NOOR);
      if (first !== second) expectError(await validate(v, NOOR, first), 400, ACCOUNT_ERROR_CODES.codeInvalid);
      expect((await validate(v, NOOR, second)).statusCode).toBe(200);
    });

    it('sends at most 5 codes an hour to one e-mail', async () => {
      for (let i = 0; i < 5; i += 1) {
        expect((await sendCode(v, NOOR)).statusCode).toBe(200);
        t.clock.advance(60_000);
      }
      const capped = await sendCode(v, NOOR);
      expectError(capped, 429, API_ERROR_CODES.rateLimited);
      expect(capped.json()).toMatchObject({ retry_after_s: 55 * 60 });
      t.clock.advance(55 * 60_000);
      // The session idled out meanwhile: a new device-id session, as the client would make.
      expect((await sendCode(await t.login(v.deviceId), NOOR)).statusCode).toBe(200);
      expect(t.mail.to(NOOR)).toHaveLength(6);
    });

    it('is budgeted per address across e-mails', async () => {
      const small = await createTestApp({ rateLimit: { codeSendMax: 2 } });
      const w = await small.login();
      const send = (email: string) => small.post(w, '/api/securitymanagement/send_verification_code', { email });
      expect((await send('a1@example.com')).statusCode).toBe(200);
      expect((await send('a2@example.com')).statusCode).toBe(200);
      expectError(await send('a3@example.com'), 429, API_ERROR_CODES.rateLimited);
      await small.close();
    });

    it('answers 503 and logs when the mail cannot be sent', async () => {
      t.mail.failWith = new Error('connect ECONNREFUSED');
      expectError(await sendCode(v, NOOR), 503, API_ERROR_CODES.internal);
    });

    it('expires a code after 10 minutes (410 verification_code_expired)', async () => {
      await sendCode(v, NOOR);
      const code = t.mail.lastCode(NOOR);
      t.clock.advance(600_000);
      expectError(await validate(v, NOOR, code), 410, ACCOUNT_ERROR_CODES.codeExpired);
    });

    it('counts wrong codes (attempts_left), burns the code on the fifth, and then refuses even the right one', async () => {
      await sendCode(v, NOOR);
      const code = t.mail.lastCode(NOOR);
      const left: unknown[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await validate(v, NOOR, wrongOf(code));
        expectError(res, 400, ACCOUNT_ERROR_CODES.codeInvalid);
        left.push((res.json() as { attempts_left?: unknown }).attempts_left);
      }
      expect(left).toEqual([4, 3, 2, 1]);
      expectError(await validate(v, NOOR, wrongOf(code)), 410, ACCOUNT_ERROR_CODES.codeAttempts);
      expectError(await validate(v, NOOR, code), 410, ACCOUNT_ERROR_CODES.codeAttempts);
    });

    it('answers 410 for an e-mail that was sent no code', async () => {
      expectError(await validate(v, 'never@example.com', '123456'), 410, ACCOUNT_ERROR_CODES.codeExpired);
    });

    it('creates the account of a new e-mail, upgrades the session (the old id is now -27), and is single use', async () => {
      const reserved = (await t.offer(v))[0] as string;
      expect((await t.post(v, '/api/numbers', { number: reserved })).statusCode).toBe(200);
      await sendCode(v, 'Fresh@Example.com');
      const code = t.mail.lastCode('fresh@example.com');
      const res = await validate(v, 'fresh@example.com', ` ${code.slice(0, 3)} ${code.slice(3)} `);
      expect(res.statusCode).toBe(200);
      const login = LoginResponse.parse(res.json());
      expect(login.session_id).toMatch(/^[0-9a-f]{64}$/);
      expect(login.session_id).not.toBe(v.sessionId);
      expect(login.profile).toEqual({ uid: v.uid, email: 'fresh@example.com', has_password: false, login_method: 'code' });

      expectSessionExpired(await t.get(v, '/api/me/flow_status'));
      const upgraded = { ...v, sessionId: login.session_id, headers: { ...v.headers, 'session-id': login.session_id } };
      // The device user keeps its number.
      expect((await t.get(upgraded, '/api/numbers')).json()).toMatchObject({ numbers: [{ MSISDN: reserved }] });
      expect(await flags(upgraded)).toMatchObject({ is_logged_in_via_email: true, has_password: false });
      expect(MeResponse.parse((await me(upgraded)).json())).toMatchObject({ email: 'fresh@example.com', has_password: false, login_method: 'code' });
      // Single use.
      expectError(await validate(upgraded, 'fresh@example.com', code), 410, ACCOUNT_ERROR_CODES.codeExpired);
    });
  });

  describe('set_password', () => {
    it('needs an account session: a device-id session is 403 login_required', async () => {
      expectError(await t.post(v, '/api/securitymanagement/set_password', { password: 'Stronger2026' }), 403, ACCOUNT_ERROR_CODES.loginRequired);
    });

    it('applies the SPEC 5 rule, sets the password once, and then the password login works', async () => {
      const noor = await t.loginWithCode(v, NOOR);
      const weak = await t.post(noor, '/api/securitymanagement/set_password', { password: 'short1A' });
      expectError(weak, 400, API_ERROR_CODES.badRequest);
      expect(weak.json()).toMatchObject({ field: 'body.password' });
      expectError(await t.post(noor, '/api/securitymanagement/set_password', { password: 'nouppercase1' }), 400, API_ERROR_CODES.badRequest);

      const set = await t.post(noor, '/api/securitymanagement/set_password', { password: 'Stronger2026' });
      expect({ status: set.statusCode, body: set.json() }).toEqual({ status: 200, body: { has_password: true } });
      expect(await flags(noor)).toMatchObject({ is_logged_in_via_email: true, has_password: true });
      expectError(await t.post(noor, '/api/securitymanagement/set_password', { password: 'Another2026' }), 409, 'password_already_set');

      const again = await t.loginWithPassword(await t.login(), NOOR, 'Stronger2026');
      expect(MeResponse.parse((await me(again)).json())).toMatchObject({ email: NOOR, has_password: true, login_method: 'password' });
    });
  });

  describe('password login', () => {
    it('logs in, upgrades the session and answers the profile', async () => {
      const res = await passwordLogin(v, 'Amira@Example.com', AMIRA.password);
      expect(res.statusCode).toBe(200);
      const login = LoginResponse.parse(res.json());
      expect(login.profile).toEqual({ uid: v.uid, email: AMIRA.email, has_password: true, login_method: 'password' });
      expectSessionExpired(await t.get(v, '/api/me/flow_status'));
    });

    it('answers the same 401 -107 for a wrong password, an unknown e-mail and an account without a password', async () => {
      const bodies = await Promise.all(
        [
          [AMIRA.email, 'Wrong2026'],
          ['nobody@example.com', AMIRA.password],
          [NOOR, AMIRA.password],
        ].map(async ([email, password]) => {
          const res = await passwordLogin(v, email as string, password as string);
          return { status: res.statusCode, body: res.json() as unknown };
        }),
      );
      expect(bodies[0]).toEqual({ status: 401, body: { code: -107, message: 'Wrong e-mail or password' } });
      expect(bodies[1]).toEqual(bodies[0]);
      expect(bodies[2]).toEqual(bodies[0]);
      // None of them touched the session.
      expect((await t.get(v, '/api/me/flow_status')).statusCode).toBe(200);
    });

    it('locks an e-mail at an address after 5 failures for a growing time, the same way for an unknown e-mail', async () => {
      for (const email of [AMIRA.email, 'ghost@example.com']) {
        const answers: unknown[] = [];
        for (let i = 0; i < 6; i += 1) answers.push((await passwordLogin(v, email, 'Wrong2026')).statusCode);
        expect(answers).toEqual([401, 401, 401, 401, 401, 401]);
        const locked = await passwordLogin(v, email, AMIRA.password);
        expectError(locked, 429, API_ERROR_CODES.rateLimited);
        expect(locked.json()).toMatchObject({ retry_after_s: 30 });
        expect(locked.headers['retry-after']).toBe('30');
        t.clock.advance(30_000);
        expect((await passwordLogin(v, email, 'Wrong2026')).statusCode).toBe(401);
        expect((await passwordLogin(v, email, 'Wrong2026')).json()).toMatchObject({ retry_after_s: 60 });
        t.clock.advance(60_000);
      }
      // The lock ran out: the right password logs in and resets the e-mail's counter.
      expect((await passwordLogin(v, AMIRA.email, AMIRA.password)).statusCode).toBe(200);
      // Fourteen scrypt checks at the production cost (about 0.4 s each on a 2-core machine).
    }, 30_000);

    it('locks an address that tries many e-mails', async () => {
      const small = await createTestApp({ accountRules: { addressThrottle: { freeFailures: 3, windowMs: 900_000, firstLockMs: 30_000, maxLockMs: 900_000 } } });
      const w = await small.login();
      const login = (email: string, password: string) => small.post(w, '/api/securitymanagement/login', { email, password });
      for (let i = 0; i < 4; i += 1) expect((await login(`spray${i}@example.com`, 'Guess2026')).statusCode).toBe(401);
      expectError(await login(AMIRA.email, AMIRA.password), 429, API_ERROR_CODES.rateLimited);
      await small.close();
    });

    it('is budgeted per address', async () => {
      const small = await createTestApp({ rateLimit: { passwordLoginMax: 1 } });
      const w = await small.login();
      await small.post(w, '/api/securitymanagement/login', { email: 'x@example.com', password: 'x' });
      expectError(await small.post(w, '/api/securitymanagement/login', { email: 'x@example.com', password: 'x' }), 429, API_ERROR_CODES.rateLimited);
      await small.close();
    });
  });

  describe('sessions and flags', () => {
    it('gives flags and /me to the upgraded session only: a device-id session of the same device reads false and gets 403', async () => {
      expect(await flags(v)).toMatchObject({ is_logged_in_via_email: false, has_password: false });
      expectError(await me(v), 403, ACCOUNT_ERROR_CODES.loginRequired);

      const amira = await t.loginWithPassword(v, AMIRA.email, AMIRA.password);
      expect(await flags(amira)).toMatchObject({ is_logged_in_via_email: true, has_password: true });
      expect(MeResponse.parse((await me(amira)).json())).toEqual({
        uid: v.uid,
        email: AMIRA.email,
        has_password: true,
        login_method: 'password',
        created_at: Date.UTC(2025, 10, 2, 9, 30),
      });

      const sameDevice = await t.login(v.deviceId);
      expect(sameDevice.uid).toBe(v.uid);
      expect(await flags(sameDevice)).toMatchObject({ is_logged_in_via_email: false, has_password: false });
      expectError(await me(sameDevice), 403, ACCOUNT_ERROR_CODES.loginRequired);
      // The upgraded session is still valid beside it.
      expect((await me(amira)).statusCode).toBe(200);
    });

    it('a code login flags the e-mail as proven without a password', async () => {
      const noor = await t.loginWithCode(v, NOOR);
      expect(await flags(noor)).toMatchObject({ is_logged_in_via_email: true, has_password: false });
      expect(MeResponse.parse((await me(noor)).json())).toMatchObject({ email: NOOR, login_method: 'code', has_password: false });
    });

    it('logout revokes the account session and forgets the device user’s link to the account', async () => {
      const linkOf = (uid: string) => {
        const db = new Database(t.dbFile, { readonly: true });
        try {
          return (db.prepare('SELECT account_id FROM users WHERE uid = ?').get(uid) as { account_id: string | null }).account_id;
        } finally {
          db.close();
        }
      };
      const amira = await t.loginWithPassword(v, AMIRA.email, AMIRA.password);
      expect(linkOf(v.uid)).toBe('00000000-0000-4000-8000-00000000a001');
      expect((await t.post(amira, '/api/securitymanagement/logout', {})).statusCode).toBe(200);
      expect(linkOf(v.uid)).toBeNull();
      expectSessionExpired(await me(amira));
      const back = await t.login(v.deviceId);
      expect(await flags(back)).toMatchObject({ is_logged_in_via_email: false, has_password: false });
    });
  });
});
