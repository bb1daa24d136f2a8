import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CheckEmailBody,
  EMAIL_LOGIN_METHODS,
  LoginBody,
  SendCodeBody,
  SetPasswordBody,
  TerminatedNumbersQuery,
  ValidateCodeBody,
  CheckEmailResponse,
  LoginResponse,
  MeResponse,
  SendCodeResponse,
  SetPasswordResponse,
  TerminatedNumbersResponse,
} from '@join/shared/contract';
import type { AccountDeps } from './deps';
import type { AccountRecord } from './repository';
import type { LoginMethod } from '../../platform/sessions/repository';
import { codeMail } from './account-mail';
import {
  addressThrottleKey,
  afterFailure,
  emailThrottleKey,
  lockRemainingMs,
} from './login-throttle';
import { hashPassword, verifyPasswordOrDummy } from './passwords';
import { checkCode, decideSend, generateCode, newSalt } from './verification-codes';
import { requestAddress } from '../../platform/http/client-key';
import {
  codeAttempts,
  codeExpired,
  codeInvalid,
  loginCredentials,
  loginRequired,
  passwordAlreadySet,
  sessionExpired,
  terminatedAccount,
  tooManyAttempts,
  unavailable,
} from '../../platform/http/http-error';
import { authOf, clientOf, hashToken, newSessionToken } from '../../platform/http/session-auth';
import { rateLimitConfig } from '../../platform/http/rate-limits';

/**
 * The account step (SPEC 2 /login, SPEC 7 "Security"; api/README.md "Accounts"): the e-mail
 * check, the e-mailed code, the password login, setting a password, the profile and the
 * terminated lines. Every login ends in the session upgrade (completeLogin). Nothing here logs
 * a password, a code, a token or a session id; events are logged with the account id only.
 *
 * An e-mail tells nothing before it is proven: the e-mail check and the code send
 * answer every e-mail alike, and whether it has an account, a password or a terminated line is
 * said only once the code mailed to it is validated (or its password, or a provider's verified
 * login, proves it).
 */

/** What an e-mail is to the account step: for a proven e-mail only (never before the proof). */
interface EmailStanding {
  account: AccountRecord | null;
  hasPassword: boolean;
  /** Lines were terminated for it and no account with a password owns it (SPEC 2 /login/terminated). */
  terminated: boolean;
}

export async function emailStanding(ctx: AccountDeps, email: string): Promise<EmailStanding> {
  const [account, numbers] = await Promise.all([ctx.store.findAccountByEmail(email), ctx.store.listTerminatedNumbers(email)]);
  const hasPassword = account?.passwordHash != null;
  return { account, hasPassword, terminated: numbers.length > 0 && !hasPassword };
}

/**
 * The session upgrade of every login: a NEW session id carrying the account and the method, the
 * old one deleted, in one transaction (no session fixation: ASVS 5.0 V7.2.4). The device user
 * keeps its plan and number and is linked to the account.
 */
export async function completeLogin(
  ctx: AccountDeps,
  request: FastifyRequest,
  account: AccountRecord,
  method: LoginMethod,
): Promise<LoginResponse> {
  const auth = authOf(request);
  const token = newSessionToken();
  const upgraded = await ctx.store.upgradeSession(
    auth.tokenHash,
    hashToken(token),
    { uid: auth.uid, deviceId: auth.deviceId },
    account.id,
    method,
    ctx.now(),
  );
  // The session ended meanwhile (a parallel login with the same session won): start over.
  if (!upgraded) throw sessionExpired();
  request.log.info({ event: 'login', method, account: account.id }, 'logged in');
  return {
    session_id: token,
    profile: { uid: auth.uid, email: account.email, has_password: account.passwordHash !== null, login_method: method },
  };
}

/** '971585824920' -> '058 *** *920': the groups a UAE number is read in, all but the last three digits hidden. */
export function maskMsisdn(msisdn: string): string {
  const local = /^971(5\d{8})$/.test(msisdn) ? `0${msisdn.slice(3)}` : msisdn;
  return `${local.slice(0, 3)} *** *${local.slice(-3)}`;
}

const lower = (email: string): string => email.toLowerCase();

export async function accountRoutes(base: FastifyInstance, ctx: AccountDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { windowMs } = ctx.rateLimit;
  const perAddress = (max: number) => ({ config: rateLimitConfig(max, windowMs) });
  const rules = ctx.accounts;

  /**
   * SPEC 7's e-mail check: the same answer for every e-mail (the ways on: a password or a code),
   * after the same work, none of it a look-up of the e-mail. A new e-mail closes /login/terminated
   * (and the terminated numbers) of an e-mail the visitor proved before.
   */
  app.post(
    '/securitymanagement/check_email',
    { ...perAddress(ctx.rateLimit.checkEmailMax), schema: { body: CheckEmailBody, response: { 200: CheckEmailResponse } } },
    async (request) => {
      await ctx.store.setTerminatedEmail(authOf(request).uid, null);
      return { methods: [...EMAIL_LOGIN_METHODS] };
    },
  );

  /**
   * Our addition: e-mails a 6-digit code, to any e-mail alike: sign-up, an account without a
   * password, "log in with a code instead" for an account with one (the code proves the e-mail
   * as the password would, and has its own tries and hourly cap, so it opens no way around the
   * password lock), and a terminated e-mail too, whose owner learns what it is after the code.
   */
  app.post(
    '/securitymanagement/send_verification_code',
    { ...perAddress(ctx.rateLimit.codeSendMax), schema: { body: SendCodeBody, response: { 200: SendCodeResponse } } },
    async (request) => {
      const email = lower(request.body.email);
      const code = generateCode();
      const now = ctx.now();
      const decision = await ctx.store.updateVerificationCode(email, (current) => {
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
        await ctx.mailer.send(codeMail(email, code, clientOf(request).language));
      } catch (err) {
        // The error's name and message only: a transport error may carry the message it failed on.
        const { name, message } = err instanceof Error ? err : { name: 'Error', message: String(err) };
        request.log.error({ event: 'code_mail_failed', error: name, reason: message }, 'verification code e-mail not sent');
        throw unavailable('We could not send the e-mail just now: please try again in a minute');
      }
      request.log.info({ event: 'code_sent' }, 'verification code sent');
      return { expires_in_s: rules.codes.ttlS, resend_after_s: rules.codes.resendAfterS };
    },
  );

  /**
   * SPEC 7: checks the code; success proves the e-mail. A terminated e-mail (SPEC 2
   * /login/terminated) is now told as such: the flow context records it (which opens the page
   * and its numbers to this visitor) and the answer is 409 account_with_terminated_number, no
   * account made, no login. Any other: the account is created if new, and the session upgraded.
   */
  app.post(
    '/securitymanagement/validate_verification_code',
    { ...perAddress(ctx.rateLimit.codeCheckMax), schema: { body: ValidateCodeBody, response: { 200: LoginResponse } } },
    async (request) => {
      const { body } = request;
      const email = lower(body.email);
      const now = ctx.now();
      const result = await ctx.store.updateVerificationCode(email, (current) => checkCode(current, body.code, now, rules.codes));
      if (result.kind === 'wrong') {
        request.log.info({ event: 'code_refused', attempts_left: result.attemptsLeft }, 'wrong verification code');
        throw codeInvalid(result.attemptsLeft);
      }
      if (result.kind === 'expired') throw codeExpired();
      if (result.kind === 'attempts') throw codeAttempts();
      if ((await emailStanding(ctx, email)).terminated) {
        await ctx.store.setTerminatedEmail(authOf(request).uid, email);
        request.log.info({ event: 'code_login_refused', reason: 'terminated' }, 'terminated e-mail proven by code');
        throw terminatedAccount();
      }
      const account = await ctx.store.findOrCreateVerifiedAccount(email, randomUUID(), now);
      return completeLogin(ctx, request, account, 'code');
    },
  );

  /**
   * SPEC 7: the password login. A wrong password, an unknown e-mail and an account without a
   * password answer the same -107 after the same scrypt work (a dummy hash), and count against
   * the e-mail at this address and against the address; a locked key answers 429 (with
   * Retry-After) before any password is checked. Never a lock of the e-mail everywhere: that
   * would be a lock anyone could put on the owner.
   */
  app.post(
    '/securitymanagement/login',
    { ...perAddress(ctx.rateLimit.passwordLoginMax), schema: { body: LoginBody, response: { 200: LoginResponse } } },
    async (request) => {
      const { email: typed, password } = request.body;
      const email = lower(typed);
      const now = ctx.now();
      const address = requestAddress(request);
      const emailKey = emailThrottleKey(email, address);
      const keys = [emailKey, addressThrottleKey(address)];
      const lockMs = Math.max(0, ...(await ctx.store.getLoginFailures(keys)).map((f) => lockRemainingMs(f, now)));
      if (lockMs > 0) {
        const seconds = Math.ceil(lockMs / 1000);
        throw tooManyAttempts(seconds, `Too many attempts: try again in ${seconds} s`);
      }
      const account = await ctx.store.findAccountByEmail(email);
      const ok = await verifyPasswordOrDummy(password, account?.passwordHash ?? null);
      if (!ok || !account) {
        await ctx.store.recordLoginFailures(keys, (previous, key) =>
          afterFailure(previous, key, now, key === emailKey ? rules.emailThrottle : rules.addressThrottle),
        );
        request.log.info({ event: 'login_refused', method: 'password' }, 'password login refused');
        throw loginCredentials();
      }
      await ctx.store.clearLoginFailures(emailKey);
      return completeLogin(ctx, request, account, 'password');
    },
  );

  /** SPEC 7: the first password of an account (after a code or social login), by the SPEC 5 rule. */
  app.post(
    '/securitymanagement/set_password',
    {
      schema: { body: SetPasswordBody, response: { 200: SetPasswordResponse } },
      // A device-id session is refused before its body is looked at.
      preValidation: async (request) => {
        if (authOf(request).accountId === null) throw loginRequired();
      },
    },
    async (request) => {
      const { accountId } = authOf(request);
      if (accountId === null) throw loginRequired();
      const { password } = request.body;
      const account = await ctx.store.findAccountById(accountId);
      if (!account) throw loginRequired();
      const already = () => passwordAlreadySet('This account already has a password');
      if (account.passwordHash !== null) throw already();
      // Conditional write: of two parallel requests, one sets it and the other hears 409.
      if (!(await ctx.store.setPasswordIfNone(account.id, await hashPassword(password)))) throw already();
      request.log.info({ event: 'password_set', account: account.id }, 'password set');
      return { has_password: true as const };
    },
  );

  /** SPEC 7: the logged-in account's profile; a device-id session (even of a linked device) is refused. */
  app.get('/securitymanagement/me', { schema: { response: { 200: MeResponse } } }, async (request) => {
    const { uid, accountId, loginMethod } = authOf(request);
    if (accountId === null || loginMethod === null) throw loginRequired();
    const account = await ctx.store.findAccountById(accountId);
    if (!account) throw loginRequired();
    return { uid, email: account.email, has_password: account.passwordHash !== null, login_method: loginMethod, created_at: account.createdAt };
  });

  /**
   * SPEC 7: the terminated lines of the e-mail this visitor proved and found terminated (the flow
   * context's terminated_email, set by a validated code or a verified Google login); any other
   * e-mail answers an empty list, so the call cannot be used to look up other people's lines.
   */
  app.get(
    '/customer/terminated_account_numbers',
    { schema: { querystring: TerminatedNumbersQuery, response: { 200: TerminatedNumbersResponse } } },
    async (request) => {
      const email = lower(request.query.email);
      const { terminated_email } = await ctx.store.getFlowContext(authOf(request).uid);
      if (terminated_email !== email) return { numbers: [] };
      const numbers = await ctx.store.listTerminatedNumbers(email);
      return { numbers: numbers.map((n) => ({ number_masked: maskMsisdn(n.msisdn), terminated_at: n.terminatedAt })) };
    },
  );
}
