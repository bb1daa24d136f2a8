import { ACCOUNT_ERROR_CODES, API_ERROR_CODES, PAYMENT_ERROR_CODES, SESSION_RECOVERY_CODE, type ApiErrorBody } from '@join/shared/contract';

/**
 * Every failure the API answers with, as one error type carrying its HTTP status and the
 * body of the contract's ApiErrorBody. SPEC 8 numeric codes where one applies (the client
 * maps them to message types); our own string codes for the rest.
 */
export const NUMBER_ALREADY_BOOKED = -2015;
export const NUMBER_EXPIRED = -2010;
export const NUMBER_IN_TRANSFER = -405;
export const WRONG_OPERATOR = -440;
export const NUMBER_NOT_ACTIVATED = -434;

/** What some answers carry beside code and message (the account's AccountErrorExtras). */
export interface HttpErrorExtras {
  attempts_left?: number;
  retry_after_s?: number;
  /** Delivery closed for the area (-128): when the zone opens again (ISO), null if never. */
  next_opening?: string | null;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number | string,
    message: string,
    readonly field?: string,
    readonly extras?: HttpErrorExtras,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** Headers the error handler sets with the body: Retry-After when the body says when to retry. */
  headers(): Record<string, string> {
    return this.extras?.retry_after_s !== undefined ? { 'retry-after': String(this.extras.retry_after_s) } : {};
  }

  toBody(): ApiErrorBody & HttpErrorExtras {
    return { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}), ...this.extras };
  }
}

export const badRequest = (field: string, why: string, status = 400) =>
  new HttpError(status, API_ERROR_CODES.badRequest, `${field}: ${why}`, field);
export const notFound = (message: string) => new HttpError(404, API_ERROR_CODES.notFound, message);
export const sessionExpired = () => new HttpError(401, SESSION_RECOVERY_CODE, 'Session expired');
export const flowOrder = (message: string) => new HttpError(409, API_ERROR_CODES.flowOrder, message);
/** A hold extended as often as allowed (WCAG 2.2.1 asks for at least ten). */
export const extensionLimit = () => flowOrder('This number cannot be extended again');
export const numberTaken = () => new HttpError(409, NUMBER_ALREADY_BOOKED, 'This number was just taken by someone else');
/**
 * A change of the plan or the number while a payment of them is open (started at the
 * provider, not captured, not ended). The page offers the way to the payment, to finish or cancel it.
 */
export const paymentOpen = () =>
  new HttpError(
    409,
    PAYMENT_ERROR_CODES.paymentOpen,
    'Finish or cancel the payment first: a payment for your plan and number is open. Finish it, or cancel it on the payment page, before you change them.',
  );
export const numberExpired = () => new HttpError(410, NUMBER_EXPIRED, 'Your number reservation has expired');
export const numberInTransfer = () => new HttpError(409, NUMBER_IN_TRANSFER, 'This number is already being transferred');
export const wrongOperator = (message: string) => new HttpError(409, WRONG_OPERATOR, message);
export const numberNotActivated = () =>
  new HttpError(409, NUMBER_NOT_ACTIVATED, 'This number is not an active mobile number of another UAE operator');
export const rateLimited = (retryIn: string) =>
  new HttpError(429, API_ERROR_CODES.rateLimited, `Too many requests: try again in ${retryIn}`);
/** A number this account or device let go of lately (no renewing a hold forever by release and re-claim). */
export const holdCoolingOff = (seconds: number) =>
  new HttpError(429, API_ERROR_CODES.rateLimited, `You released this number a moment ago: you can hold it again in ${Math.ceil(seconds / 60)} min`);
/** An anti-hoarding limit (domain/holds.ts HOLD_LIMITS). */
export const holdLimit = (limit: 'per_number' | 'claims' | 'address') =>
  new HttpError(
    429,
    API_ERROR_CODES.rateLimited,
    limit === 'per_number'
      ? 'You have held this number as long as one visitor may today'
      : limit === 'claims'
        ? 'You have reserved as many numbers as one visitor may today'
        : 'Too many numbers are held from your network right now: try again later',
  );
/**
 * The address is past its per-address threshold (live holds, reserve budget): solve the
 * challenge of POST /numbers/challenge and send the solution (header `captcha`) with the same call.
 */
export const captchaRequired = () =>
  new HttpError(
    428,
    API_ERROR_CODES.captchaRequired,
    'Many visitors share your network right now: solve the challenge of POST /numbers/challenge and send the solution in the captcha header',
  );
/** SPEC 8 client key captcha_error ("Captcha invalid"): a wrong, reused, expired or someone else's solution. */
export const captchaInvalid = () => new HttpError(403, 'captcha_error', 'Captcha invalid: ask for a new challenge and solve it');
/** The transfer check's budgets (domain/transfer-budget.ts): it is not an operator directory. */
export const transferCheckLimit = (spent: 'numbers' | 'operators') =>
  new HttpError(
    429,
    API_ERROR_CODES.rateLimited,
    spent === 'numbers'
      ? 'You have checked as many numbers for transfer as one visitor may today'
      : 'You have tried this number with as many operators as one visitor may: contact us if you are unsure of your operator',
  );
export const unavailable = (message: string) => new HttpError(503, API_ERROR_CODES.internal, message);
export const internalError = () => new HttpError(500, API_ERROR_CODES.internal, 'Something went wrong');
/** SPEC 8 "promo invalid or expired": an unknown or ended promo code or promotion. */
export const promoInvalid = (field: string, message: string) => new HttpError(400, API_ERROR_CODES.promoInvalid, message, field);
/** SPEC 8 "promo not supported": promo codes are off, or the promotion does not fit this choice. */
export const promoNotSupported = (field: string, message: string) =>
  new HttpError(400, API_ERROR_CODES.promoNotSupported, message, field);
/** An opt-in promotion asked for without the consent it needs. */
export const consentRequired = (field: string, message: string) => new HttpError(409, API_ERROR_CODES.consentRequired, message, field);

// --- accounts ---

/** The call needs an account session (a password, code or social login), not a device-id one. */
export const loginRequired = () =>
  new HttpError(403, ACCOUNT_ERROR_CODES.loginRequired, 'Log in with your e-mail first');
/** SPEC 8 -107: wrong e-mail or password; the same answer whether or not the e-mail has an account. */
export const LOGIN_CREDENTIALS_ERROR = -107;
export const loginCredentials = () => new HttpError(401, LOGIN_CREDENTIALS_ERROR, 'Wrong e-mail or password');
/** A budget or lock that names when to try again, in the body (retry_after_s) and in Retry-After. */
export const tooManyAttempts = (retryAfterS: number, message: string) =>
  new HttpError(429, API_ERROR_CODES.rateLimited, message, undefined, { retry_after_s: retryAfterS });
export const codeInvalid = (attemptsLeft: number) =>
  new HttpError(400, ACCOUNT_ERROR_CODES.codeInvalid, 'That verification code is not right', 'body.code', { attempts_left: attemptsLeft });
export const codeExpired = () =>
  new HttpError(410, ACCOUNT_ERROR_CODES.codeExpired, 'Verification code expired: ask for a new code');
export const codeAttempts = () =>
  new HttpError(410, ACCOUNT_ERROR_CODES.codeAttempts, 'Too many wrong codes: ask for a new code');
/** SPEC 8 client message types, used as our codes: the client shows the catalogue entry of the same name. */
export const passwordAlreadySet = (message: string) => new HttpError(409, 'password_already_set', message);
export const terminatedAccount = () =>
  new HttpError(409, 'account_with_terminated_number', 'This e-mail belongs to an account whose number was terminated');
export const socialTokenInvalid = () =>
  new HttpError(401, ACCOUNT_ERROR_CODES.socialTokenInvalid, 'The sign-in could not be verified: please try again');
export const nonceError = () => new HttpError(401, 'nonce_error', 'The sign-in does not belong to this page: please try again');
export const emailNotVerified = () =>
  new HttpError(403, ACCOUNT_ERROR_CODES.emailNotVerified, 'The sign-in provider has not verified this e-mail address');
