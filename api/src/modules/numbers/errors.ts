import { API_ERROR_CODES } from '@join/shared/contract';
import { DomainError, type ErrorStatuses } from '../../platform/domain-error';

/** SPEC 8 codes of the number step. */
export const NUMBER_ALREADY_BOOKED = -2015;
export const NUMBER_EXPIRED = -2010;
export const NUMBER_IN_TRANSFER = -405;
export const WRONG_OPERATOR = -440;
export const NUMBER_NOT_ACTIVATED = -434;
/** SPEC 8 client key captcha_error ("Captcha invalid"). */
const CAPTCHA_INVALID = 'captcha_error';

/** The HTTP status of each code the numbers module refuses with. */
export const NUMBERS_ERROR_STATUSES: ErrorStatuses = {
  [NUMBER_ALREADY_BOOKED]: 409,
  [NUMBER_EXPIRED]: 410,
  [NUMBER_IN_TRANSFER]: 409,
  [WRONG_OPERATOR]: 409,
  [NUMBER_NOT_ACTIVATED]: 409,
  [API_ERROR_CODES.flowOrder]: 409,
  [API_ERROR_CODES.rateLimited]: 429,
  [API_ERROR_CODES.captchaRequired]: 428,
  [CAPTCHA_INVALID]: 403,
};

/** A hold extended as often as allowed (WCAG 2.2.1 asks for at least ten). */
export const extensionLimit = () => new DomainError(API_ERROR_CODES.flowOrder, 'This number cannot be extended again');
export const numberTaken = () => new DomainError(NUMBER_ALREADY_BOOKED, 'This number was just taken by someone else');
export const numberExpired = () => new DomainError(NUMBER_EXPIRED, 'Your number reservation has expired');
export const numberInTransfer = () => new DomainError(NUMBER_IN_TRANSFER, 'This number is already being transferred');
export const wrongOperator = (message: string) => new DomainError(WRONG_OPERATOR, message);
export const numberNotActivated = () =>
  new DomainError(NUMBER_NOT_ACTIVATED, 'This number is not an active mobile number of another UAE operator');
/** A number this account or device let go of lately (no renewing a hold forever by release and re-claim). */
export const holdCoolingOff = (seconds: number) =>
  new DomainError(API_ERROR_CODES.rateLimited, `You released this number a moment ago: you can hold it again in ${Math.ceil(seconds / 60)} min`);
/** An anti-hoarding limit (holds.ts HOLD_LIMITS). */
export const holdLimit = (limit: 'per_number' | 'claims' | 'address') =>
  new DomainError(
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
  new DomainError(
    API_ERROR_CODES.captchaRequired,
    'Many visitors share your network right now: solve the challenge of POST /numbers/challenge and send the solution in the captcha header',
  );
/** A wrong, reused, expired or someone else's solution. */
export const captchaInvalid = () => new DomainError(CAPTCHA_INVALID, 'Captcha invalid: ask for a new challenge and solve it');
/** The transfer check's budgets (transfer-budget.ts): it is not an operator directory. */
export const transferCheckLimit = (spent: 'numbers' | 'operators') =>
  new DomainError(
    API_ERROR_CODES.rateLimited,
    spent === 'numbers'
      ? 'You have checked as many numbers for transfer as one visitor may today'
      : 'You have tried this number with as many operators as one visitor may: contact us if you are unsure of your operator',
  );
