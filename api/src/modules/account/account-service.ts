import { randomUUID } from 'node:crypto';
import { EMAIL_LOGIN_METHODS, type LoginResponse, type MeResponse, type TerminatedNumbersResponse } from '@join/shared/contract';
import type { Log } from '../../platform/log';
import type { AuthContext } from '../../platform/sessions/tokens';
import { hashToken, newSessionToken } from '../../platform/sessions/tokens';
import type { LoginMethod } from '../../platform/sessions/repository';
import { codeMail, type MailLanguage } from './account-mail';
import type { AccountDeps } from './deps';
import {
  codeAttempts,
  codeExpired,
  codeInvalid,
  loginCredentials,
  loginRequired,
  passwordAlreadySet,
  terminatedAccount,
  tooManyAttempts,
} from './errors';
import { addressThrottleKey, afterFailure, emailThrottleKey, lockRemainingMs } from './login-throttle';
import { hashPassword, verifyPasswordOrDummy } from './passwords';
import type { AccountRecord } from './repository';
import { checkCode, decideSend, generateCode, newSalt } from './verification-codes';

/**
 * The account step's rules (SPEC 2 /login, SPEC 7 "Security"; api/README.md "Accounts"): the
 * e-mail check, the e-mailed code, the password login, setting a password, the profile and the
 * terminated lines. Every login ends in the session upgrade (completeLogin). Nothing here
 * answers every e-mail alike, and whether it has an account, a password or a terminated line is
 * said only once the code mailed to it is validated (or its password, or a provider's verified
 * login, proves it). Refusals are the module's DomainErrors (errors.ts); no HTTP here.
 */

/** Who calls: the session (its hash, to upgrade it) and its device user. */
export type Session = Pick<AuthContext, 'uid' | 'deviceId' | 'tokenHash'>;

/** What an e-mail is to the account step: for a proven e-mail only (never before the proof). */
export interface EmailStanding {
  account: AccountRecord | null;
  hasPassword: boolean;
  /** Lines were terminated for it and no account with a password owns it (SPEC 2 /login/terminated). */
  terminated: boolean;
}

/** A code e-mailed, or the mail could not be sent (the route answers 503; nothing was logged in). */
export type CodeSendResult = { sent: true; expiresInS: number; resendAfterS: number } | { sent: false };

/** '971585824920' -> '058 *** *920': the groups a UAE number is read in, all but the last three digits hidden. */
export function maskMsisdn(msisdn: string): string {
  const local = /^971(5\d{8})$/.test(msisdn) ? `0${msisdn.slice(3)}` : msisdn;
  return `${local.slice(0, 3)} *** *${local.slice(-3)}`;
}

const lower = (email: string): string => email.toLowerCase();

export function accountService(ctx: AccountDeps) {
  const rules = ctx.accounts;

  async function emailStanding(email: string): Promise<EmailStanding> {
    const [account, numbers] = await Promise.all([ctx.repos.findAccountByEmail(email), ctx.repos.listTerminatedNumbers(email)]);
    const hasPassword = account?.passwordHash != null;
    return { account, hasPassword, terminated: numbers.length > 0 && !hasPassword };
  }

  /**
   * A proven e-mail that is a terminated one is told as such: the flow context records it (which
   * opens /login/terminated and its numbers to this visitor) and the login is refused, no account made.
   */
  async function refuseIfTerminated(uid: string, email: string, onRefused: () => void = () => {}): Promise<void> {
    if (!(await emailStanding(email)).terminated) return;
    await ctx.repos.setTerminatedEmail(uid, email);
    onRefused();
    throw terminatedAccount();
  }

  /**
   * The session upgrade of every login: a NEW session id carrying the account and the method, the
   * old one deleted, in one transaction (no session fixation: ASVS 5.0 V7.2.4). The device user
   * keeps its plan and number and is linked to the account. null: the session ended meanwhile (a
   * parallel login with the same session won).
   */
  async function completeLogin(session: Session, account: AccountRecord, method: LoginMethod, log: Log): Promise<LoginResponse | null> {
    const token = newSessionToken();
    const upgraded = await ctx.repos.upgradeSession(
      session.tokenHash,
      hashToken(token),
      { uid: session.uid, deviceId: session.deviceId },
      account.id,
      method,
      ctx.now(),
    );
    if (!upgraded) return null;
    log.info({ event: 'login', method, account: account.id }, 'logged in');
    return {
      session_id: token,
      profile: { uid: session.uid, email: account.email, has_password: account.passwordHash !== null, login_method: method },
    };
  }

  /** The logged-in account of a session; a device-id session (even of a linked device) is refused. */
  async function accountOf(accountId: string | null): Promise<AccountRecord> {
    const account = accountId === null ? null : await ctx.repos.findAccountById(accountId);
    if (!account) throw loginRequired();
    return account;
  }

  return {
    emailStanding,
    refuseIfTerminated,
    completeLogin,

    /**
     * SPEC 7's e-mail check: the same answer for every e-mail (the ways on: a password or a code),
     * after the same work, none of it a look-up of the e-mail. A new e-mail closes /login/terminated
     * (and the terminated numbers) of an e-mail the visitor proved before.
     */
    async checkEmail(uid: string) {
      await ctx.repos.setTerminatedEmail(uid, null);
      return { methods: [...EMAIL_LOGIN_METHODS] };
    },

    /**
     * E-mails a 6-digit code, to any e-mail alike: sign-up, an account without a password, "log
     * in with a code instead" for an account with one (the code proves the e-mail as the password
     * would, and has its own tries and hourly cap, so it opens no way around the password lock),
     * and a terminated e-mail too, whose owner learns what it is after the code.
     */
    async sendCode(typed: string, language: MailLanguage, log: Log): Promise<CodeSendResult> {
      const email = lower(typed);
      const code = generateCode();
      const now = ctx.now();
      const decision = await ctx.repos.updateVerificationCode(email, (current) => {
        const d = decideSend(current, email, code, newSalt(), now, rules.codes);
        return { next: d.ok ? d.record : undefined, result: d };
      });
      if (!decision.ok) {
        throw tooManyAttempts(
          decision.retryAfterS,
          decision.reason === 'resend_wait'
            ? `A code was just sent: you can ask for another in ${decision.retryAfterS} s`
            : `As many codes as we send in an hour went to this e-mail: try again in ${Math.ceil(decision.retryAfterS / 60)} min`,
        );
      }
      try {
        await ctx.mailer.send(codeMail(email, code, language));
      } catch (err) {
        // The error's name and message only: a transport error may carry the message it failed on.
        const { name, message } = err instanceof Error ? err : { name: 'Error', message: String(err) };
        log.error({ event: 'code_mail_failed', error: name, reason: message }, 'verification code e-mail not sent');
        return { sent: false };
      }
      log.info({ event: 'code_sent' }, 'verification code sent');
      return { sent: true, expiresInS: rules.codes.ttlS, resendAfterS: rules.codes.resendAfterS };
    },

    /**
     * SPEC 7: checks the code; success proves the e-mail. A terminated e-mail is refused
     * (refuseIfTerminated); any other: the account is created if new, and the session upgraded.
     */
    async validateCode(session: Session, typed: string, given: string, log: Log): Promise<LoginResponse | null> {
      const email = lower(typed);
      const now = ctx.now();
      const result = await ctx.repos.updateVerificationCode(email, (current) => checkCode(current, given, now, rules.codes));
      if (result.kind === 'wrong') {
        log.info({ event: 'code_refused', attempts_left: result.attemptsLeft }, 'wrong verification code');
        throw codeInvalid(result.attemptsLeft);
      }
      if (result.kind === 'expired') throw codeExpired();
      if (result.kind === 'attempts') throw codeAttempts();
      await refuseIfTerminated(session.uid, email, () =>
        log.info({ event: 'code_login_refused', reason: 'terminated' }, 'terminated e-mail proven by code'),
      );
      const account = await ctx.repos.findOrCreateVerifiedAccount(email, randomUUID(), now);
      return completeLogin(session, account, 'code', log);
    },

    /**
     * SPEC 7: the password login. A wrong password, an unknown e-mail and an account without a
     * password answer the same -107 after the same scrypt work (a dummy hash), and count against
     * the e-mail at this address and against the address; a locked key is refused (with when to
     * retry) before any password is checked. Never a lock of the e-mail everywhere: that would be
     * a lock anyone could put on the owner.
     */
    async passwordLogin(session: Session, typed: string, password: string, address: string, log: Log): Promise<LoginResponse | null> {
      const email = lower(typed);
      const now = ctx.now();
      const emailKey = emailThrottleKey(email, address);
      const keys = [emailKey, addressThrottleKey(address)];
      const lockMs = Math.max(0, ...(await ctx.repos.getLoginFailures(keys)).map((f) => lockRemainingMs(f, now)));
      if (lockMs > 0) {
        const seconds = Math.ceil(lockMs / 1000);
        throw tooManyAttempts(seconds, `Too many attempts: try again in ${seconds} s`);
      }
      const account = await ctx.repos.findAccountByEmail(email);
      const ok = await verifyPasswordOrDummy(password, account?.passwordHash ?? null);
      if (!ok || !account) {
        await ctx.repos.recordLoginFailures(keys, (previous, key) =>
          afterFailure(previous, key, now, key === emailKey ? rules.emailThrottle : rules.addressThrottle),
        );
        log.info({ event: 'login_refused', method: 'password' }, 'password login refused');
        throw loginCredentials();
      }
      await ctx.repos.clearLoginFailures(emailKey);
      return completeLogin(session, account, 'password', log);
    },

    /** SPEC 7: the first password of an account (after a code or social login), by the SPEC 5 rule. */
    async setPassword(accountId: string | null, password: string, log: Log) {
      const account = await accountOf(accountId);
      const already = () => passwordAlreadySet('This account already has a password');
      if (account.passwordHash !== null) throw already();
      // Conditional write: of two parallel requests, one sets it and the other hears 409.
      if (!(await ctx.repos.setPasswordIfNone(account.id, await hashPassword(password)))) throw already();
      log.info({ event: 'password_set', account: account.id }, 'password set');
      return { has_password: true as const };
    },

    /** SPEC 7: the logged-in account's profile. */
    async profile({ uid, accountId, loginMethod }: Pick<AuthContext, 'uid' | 'accountId' | 'loginMethod'>): Promise<MeResponse> {
      if (loginMethod === null) throw loginRequired();
      const account = await accountOf(accountId);
      return { uid, email: account.email, has_password: account.passwordHash !== null, login_method: loginMethod, created_at: account.createdAt };
    },

    /**
     * SPEC 7: the terminated lines of the e-mail this visitor proved and found terminated (the flow
     * context's terminated_email, set by a validated code or a verified Google login); any other
     * e-mail answers an empty list, so the call cannot be used to look up other people's lines.
     */
    async terminatedNumbers(uid: string, typed: string): Promise<TerminatedNumbersResponse> {
      const email = lower(typed);
      const { terminated_email } = await ctx.repos.getFlowContext(uid);
      if (terminated_email !== email) return { numbers: [] };
      const numbers = await ctx.repos.listTerminatedNumbers(email);
      return { numbers: numbers.map((n) => ({ number_masked: maskMsisdn(n.msisdn), terminated_at: n.terminatedAt })) };
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
