import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CheckEmailBody,
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
import { accountService } from './account-service';
import { loginRequired } from './errors';
import { requestAddress } from '../../platform/http/client-key';
import { sessionExpired } from '../../platform/http/http-error';
import { unavailable } from '../../platform/refusals';
import { authOf, clientOf } from '../../platform/http/session-auth';
import { rateLimitConfig } from '../../platform/http/rate-limits';

/**
 * The account step's routes (SPEC 2 /login, SPEC 7 "Security"; api/README.md "Accounts"): each
 * parses, asks the account service (account-service.ts, where the rules are) and answers.
 */
export async function accountRoutes(base: FastifyInstance, ctx: AccountDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const service = accountService(ctx);
  const { windowMs } = ctx.rateLimit;
  const perAddress = (max: number) => ({ config: rateLimitConfig(max, windowMs) });
  /** A login's answer; none when the session ended meanwhile (a parallel login with the same session won): start over. */
  const loggedIn = (answer: LoginResponse | null): LoginResponse => {
    if (!answer) throw sessionExpired();
    return answer;
  };

  app.post(
    '/securitymanagement/check_email',
    { ...perAddress(ctx.rateLimit.checkEmailMax), schema: { body: CheckEmailBody, response: { 200: CheckEmailResponse } } },
    async (request) => service.checkEmail(authOf(request).uid),
  );

  app.post(
    '/securitymanagement/send_verification_code',
    { ...perAddress(ctx.rateLimit.codeSendMax), schema: { body: SendCodeBody, response: { 200: SendCodeResponse } } },
    async (request) => {
      const result = await service.sendCode(request.body.email, clientOf(request).language, request.log);
      if (!result.sent) throw unavailable('We could not send the e-mail just now: please try again in a minute');
      return { expires_in_s: result.expiresInS, resend_after_s: result.resendAfterS };
    },
  );

  app.post(
    '/securitymanagement/validate_verification_code',
    { ...perAddress(ctx.rateLimit.codeCheckMax), schema: { body: ValidateCodeBody, response: { 200: LoginResponse } } },
    async (request) => loggedIn(await service.validateCode(authOf(request), request.body.email, request.body.code, request.log)),
  );

  app.post(
    '/securitymanagement/login',
    { ...perAddress(ctx.rateLimit.passwordLoginMax), schema: { body: LoginBody, response: { 200: LoginResponse } } },
    async (request) => {
      const { email, password } = request.body;
      return loggedIn(await service.passwordLogin(authOf(request), email, password, requestAddress(request), request.log));
    },
  );

  app.post(
    '/securitymanagement/set_password',
    {
      schema: { body: SetPasswordBody, response: { 200: SetPasswordResponse } },
      // A device-id session is refused before its body is looked at.
      preValidation: async (request) => {
        if (authOf(request).accountId === null) throw loginRequired();
      },
    },
    async (request) => service.setPassword(authOf(request).accountId, request.body.password, request.log),
  );

  app.get('/securitymanagement/me', { schema: { response: { 200: MeResponse } } }, async (request) => service.profile(authOf(request)));

  app.get(
    '/customer/terminated_account_numbers',
    { schema: { querystring: TerminatedNumbersQuery, response: { 200: TerminatedNumbersResponse } } },
    async (request) => service.terminatedNumbers(authOf(request).uid, request.query.email),
  );
}
