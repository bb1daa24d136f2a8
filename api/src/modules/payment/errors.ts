import { PAYMENT_ERROR_CODES } from '@join/shared/contract';
import { DomainError, ServiceFailure, type ErrorStatuses } from '../../platform/domain-error';
import { MAX_SIMS_CODE } from '../identity';
import { PROVIDER_UNAVAILABLE_CODE } from './payment';

/** Our codes of the payment step (SPEC 8 has none for these). */
const PAYMENT_IN_PROGRESS = 'payment_in_progress';
const IDEMPOTENCY_KEY_REUSED = 'idempotency_key_reused';
const BNPL_NOT_OFFERED = 'bnpl_not_offered';
const NOT_COMMITMENT = 'not_commitment';
const PAYMENT_UNAVAILABLE = 'payment_unavailable';
const PAYMENT_MISMATCH = 'payment_mismatch';
const MAIL_UNAVAILABLE = 'mail_unavailable';
const COUNTER_NOT_AVAILABLE = 'counter_not_available';
const TERMINAL_BUSY = 'terminal_busy';
/** A decline answers 402 whatever its code (SPEC 8's number, or the provider's client key). */
const DECLINED = 'payment_declined';

/** The HTTP status of each code (or situation) the payment module refuses or fails with. */
export const PAYMENT_ERROR_STATUSES: ErrorStatuses = {
  [DECLINED]: 402,
  [MAX_SIMS_CODE]: 403,
  [COUNTER_NOT_AVAILABLE]: 403,
  [TERMINAL_BUSY]: 409,
  [PAYMENT_IN_PROGRESS]: 409,
  [BNPL_NOT_OFFERED]: 409,
  [NOT_COMMITMENT]: 409,
  [PAYMENT_ERROR_CODES.orderChanged]: 409,
  [PAYMENT_ERROR_CODES.paymentCancelled]: 409,
  [IDEMPOTENCY_KEY_REUSED]: 422,
  [PAYMENT_MISMATCH]: 502,
  [PROVIDER_UNAVAILABLE_CODE]: 503,
  [PAYMENT_UNAVAILABLE]: 503,
  [MAIL_UNAVAILABLE]: 503,
};

export const inProgress = (message: string) => new DomainError(PAYMENT_IN_PROGRESS, message);
const DECLINE_MESSAGES: Readonly<Record<string, string>> = {
  [PAYMENT_ERROR_CODES.bnpl]: 'Paying in instalments did not go through',
  [PAYMENT_ERROR_CODES.threeDsFailed]: 'Your bank could not confirm this payment (the 3-D Secure check failed), so nothing was charged',
  [PAYMENT_ERROR_CODES.threeDsCancelled]: 'The 3-D Secure check with your bank was not completed (cancelled or timed out), so nothing was charged',
};
export const declined = (code: number | string) =>
  new DomainError(code, DECLINE_MESSAGES[String(code)] ?? 'The card was not charged', undefined, undefined, DECLINED);
export const providerUnavailable = () =>
  new ServiceFailure(PROVIDER_UNAVAILABLE_CODE, 'The payment provider cannot be reached right now: please try again in a moment');
export const notConfigured = (what: string) => new ServiceFailure(PAYMENT_UNAVAILABLE, `${what} payments are not available on this server`);
/** The provider answered something that is not this payment: nothing is settled, a person looks. */
export const paymentMismatch = (message: string) => new ServiceFailure(PAYMENT_MISMATCH, message);
export const paymentCancelled = () =>
  new DomainError(PAYMENT_ERROR_CODES.paymentCancelled, 'You cancelled this payment: nothing was taken. Pay again from the payment page.');
export const idempotencyKeyReused = () =>
  new DomainError(IDEMPOTENCY_KEY_REUSED, 'This idempotency key was used for another payment request: make a new key for a new attempt');
/** Pay at the counter outside a retail customer session (a visitor's own device). */
export const counterNotAvailable = () => new DomainError(COUNTER_NOT_AVAILABLE, 'Paying at the counter is only available on a shop device, with a staff member');
export const terminalBusy = () => new DomainError(TERMINAL_BUSY, 'The shop’s terminal is taking another payment: finish or cancel it on the terminal, then send this one again');
export const bnplNotOffered = (message: string) => new DomainError(BNPL_NOT_OFFERED, message);
export const notCommitment = () => new DomainError(NOT_COMMITMENT, 'Your plan is not a commitment plan: there is no contract to send');
export const mailUnavailable = () => new ServiceFailure(MAIL_UNAVAILABLE, 'The contract could not be e-mailed right now: please try again later');
/** SPEC 8 -169 with the words of what happened to the money (payment-settlement.ts maxSimsReached). */
export const maxSims = (message: string) => new DomainError(MAX_SIMS_CODE, message);
/** The 409 of an attempt whose order changed before its capture (payment-settlement.ts orderChanged). */
export const orderChangedError = (message: string) => new DomainError(PAYMENT_ERROR_CODES.orderChanged, message);
