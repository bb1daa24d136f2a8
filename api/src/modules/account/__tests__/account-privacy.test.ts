import Database from 'better-sqlite3';
import { ACCOUNT_ERROR_CODES, API_ERROR_CODES, TerminatedNumbersResponse } from '@join/shared/contract';
import { expectApiError as expectError, form, type TestApp, type Visitor, withTestApp } from '../../../testing/harness';
import { emailSteps } from './email-steps';

/**
 * What the account step tells a stranger. Each test is an attack from outside
 * as a fraudster would try it against the running API (api/README.md "Accounts", "What an e-mail
 * tells before it is proven" and "Password failures"):
 * - the e-mail check and the terminated list must say nothing about an account (whether it
 *   exists, has a password, a terminated line and its date) until the e-mail is proven by the
 *   code mailed to it (or a password or a verified Google login);
 * - wrong passwords from one address must not lock the real owner's password login elsewhere.
 */
const AMIRA = { email: 'amira@example.com', password: 'Welcome2026' };
const NOOR = 'noor@example.com';
const FORMER = 'former@example.com';
const ATTACKER = '198.51.100.66';
const OWNER = '203.0.113.10';


describe('account privacy', () => {
  let t: TestApp;
  let v: Visitor;
  withTestApp((app, [first]) => void ([t, v] = [app, first as Visitor]));

  const { check, sendCode, validate, flowStatus } = emailSteps(() => t);
  const terminatedList = async (who: Visitor, email: string) =>
    TerminatedNumbersResponse.parse((await t.get(who, `/api/customer/terminated_account_numbers?email=${encodeURIComponent(email)}`)).json());
  const accountCount = (email: string): number => {
    const db = new Database(t.dbFile, { readonly: true });
    try {
      return (db.prepare('SELECT COUNT(*) AS n FROM accounts WHERE email = ?').get(email) as { n: number }).n;
    } finally {
      db.close();
    }
  };

  describe('an e-mail tells nothing before it is proven', () => {
    it('check_email answers the same for an account with a password, one without, a terminated e-mail and an unknown one', async () => {
      const answers = [];
      for (const email of [AMIRA.email, NOOR, FORMER, 'nobody@example.com']) {
        const res = await check(v, email);
        answers.push({ status: res.statusCode, body: res.body });
      }
      expect(answers[0]?.status).toBe(200);
      for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    });

    it('check_email of a terminated e-mail opens neither /login/terminated nor its numbers', async () => {
      await check(v, FORMER);
      expect((await flowStatus(v)).flow_context?.terminated_email).toBeNull();
      expect(await terminatedList(v, FORMER)).toEqual({ numbers: [] });
    });

    it('send_verification_code answers a terminated e-mail exactly as any other, and mails its owner the code', async () => {
      const former = await sendCode(v, FORMER);
      const fresh = await sendCode(v, 'somebody.new@example.com');
      expect({ status: former.statusCode, body: former.body }).toEqual({ status: fresh.statusCode, body: fresh.body });
      expect(former.statusCode).toBe(200);
      expect(t.mail.to(FORMER)).toHaveLength(1);
      // A wrong code too: the same answer as for anyone.
      const code = t.mail.lastCode(FORMER);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      expectError(await validate(v, FORMER, wrong), 400, ACCOUNT_ERROR_CODES.codeInvalid);
    });

    it('after the code, a terminated e-mail reaches /login/terminated and its numbers; no account is made and the session is not upgraded', async () => {
      await sendCode(v, FORMER);
      const code = t.mail.lastCode(FORMER);
      const proven = await validate(v, FORMER, code);
      expectError(proven, 409, 'account_with_terminated_number');
      // The same session, still a device-id one, now has the proven terminated e-mail.
      const status = await flowStatus(v);
      expect(status.flow_context?.terminated_email).toBe(FORMER);
      expect(status.flow_status_flags).toMatchObject({ is_logged_in_via_email: false, has_password: false });
      expect(await terminatedList(v, FORMER)).toEqual({
        numbers: [{ number_masked: '058 *** *147', terminated_at: Date.UTC(2025, 5, 30, 12, 0) }],
      });
      expect(accountCount(FORMER)).toBe(0);
      // The code served its one proof.
      expectError(await validate(v, FORMER, code), 410, ACCOUNT_ERROR_CODES.codeExpired);
      // Another visitor who only typed the e-mail reads nothing.
      const other = await t.login();
      await check(other, FORMER);
      expect(await terminatedList(other, FORMER)).toEqual({ numbers: [] });
    });

    it('a new e-mail check closes a terminated e-mail the visitor proved before', async () => {
      await sendCode(v, FORMER);
      expectError(await validate(v, FORMER, t.mail.lastCode(FORMER)), 409, 'account_with_terminated_number');
      await check(v, 'someone.else@example.com');
      expect((await flowStatus(v)).flow_context?.terminated_email).toBeNull();
    });
  });

  describe('password failures lock per (e-mail, address), never the owner everywhere', () => {
    const loginFrom = (who: Visitor, remoteAddress: string, email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/securitymanagement/login', remoteAddress, ...form(who.headers, { email, password }) });

    it('wrong passwords from one address lock that address for the e-mail, with Retry-After; the owner elsewhere logs in', async () => {
      for (let i = 0; i < 6; i += 1) expect((await loginFrom(v, ATTACKER, AMIRA.email, `Guess${i}2026`)).statusCode).toBe(401);
      const locked = await loginFrom(v, ATTACKER, AMIRA.email, AMIRA.password);
      expectError(locked, 429, API_ERROR_CODES.rateLimited);
      expect(locked.json()).toMatchObject({ retry_after_s: 30 });
      expect(locked.headers['retry-after']).toBe('30');

      const owner = await t.login();
      const res = await loginFrom(owner, OWNER, AMIRA.email, AMIRA.password);
      expect(res.statusCode).toBe(200);
      // The owner's success does not lift the attacker's lock.
      const still = await loginFrom(v, ATTACKER, AMIRA.email, AMIRA.password);
      expectError(still, 429, API_ERROR_CODES.rateLimited);
    }, 30_000);
  });
});
