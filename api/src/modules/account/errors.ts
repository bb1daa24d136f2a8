import { ACCOUNT_ERROR_CODES, API_ERROR_CODES } from '@join/shared/contract';
import { DomainError, type ErrorStatuses } from '../../platform/domain-error';

/** SPEC 8 -107: wrong e-mail or password; the same answer whether or not the e-mail has an account. */
export const LOGIN_CREDENTIALS_ERROR = -107;
/** SPEC 8 client message types, used as our codes: the client shows the catalogue entry of the same name. */
const PASSWORD_ALREADY_SET = 'password_already_set';
const TERMINATED_ACCOUNT = 'account_with_terminated_number';
const NONCE_ERROR = 'nonce_error';

/** The HTTP status of each code the account module refuses with. */
export const ACCOUNT_ERROR_STATUSES: ErrorStatuses = {
  [ACCOUNT_ERROR_CODES.loginRequired]: 403,
  [LOGIN_CREDENTIALS_ERROR]: 401,
  [API_ERROR_CODES.rateLimited]: 429,
  [ACCOUNT_ERROR_CODES.codeInvalid]: 400,
  [ACCOUNT_ERROR_CODES.codeExpired]: 410,
  [ACCOUNT_ERROR_CODES.codeAttempts]: 410,
  [PASSWORD_ALREADY_SET]: 409,
  [TERMINATED_ACCOUNT]: 409,
  [ACCOUNT_ERROR_CODES.socialTokenInvalid]: 401,
  [NONCE_ERROR]: 401,
  [ACCOUNT_ERROR_CODES.emailNotVerified]: 403,
};

/** The call needs an account session (a password, code or social login), not a device-id one. */
export const loginRequired = () => new DomainError(ACCOUNT_ERROR_CODES.loginRequired, 'Log in with your e-mail first');
export const loginCredentials = () => new DomainError(LOGIN_CREDENTIALS_ERROR, 'Wrong e-mail or password');
/** A budget or lock that names when to try again, in the body (retry_after_s) and in Retry-After. */
export const tooManyAttempts = (retryAfterS: number, message: string) =>
  new DomainError(API_ERROR_CODES.rateLimited, message, undefined, { retry_after_s: retryAfterS });
export const codeInvalid = (attemptsLeft: number) =>
  new DomainError(ACCOUNT_ERROR_CODES.codeInvalid, 'That verification code is not right', 'body.code', { attempts_left: attemptsLeft });
export const codeExpired = () => new DomainError(ACCOUNT_ERROR_CODES.codeExpired, 'Verification code expired: ask for a new code');
export const codeAttempts = () => new DomainError(ACCOUNT_ERROR_CODES.codeAttempts, 'Too many wrong codes: ask for a new code');
export const passwordAlreadySet = (message: string) => new DomainError(PASSWORD_ALREADY_SET, message);
export const terminatedAccount = () => new DomainError(TERMINATED_ACCOUNT, 'This e-mail belongs to an account whose number was terminated');
export const socialTokenInvalid = () =>
  new DomainError(ACCOUNT_ERROR_CODES.socialTokenInvalid, 'The sign-in could not be verified: please try again');
export const nonceError = () => new DomainError(NONCE_ERROR, 'The sign-in does not belong to this page: please try again');
export const emailNotVerified = () =>
  new DomainError(ACCOUNT_ERROR_CODES.emailNotVerified, 'The sign-in provider has not verified this e-mail address');
