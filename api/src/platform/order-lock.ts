import { PAYMENT_ERROR_CODES } from '@join/shared/contract';
import { DomainError, type ErrorStatuses } from './domain-error';
import type { Caller } from './caller';

/**
 * "A paid order cannot change": while a payment of the visitor is open, the plan and the number
 * it is buying stay as they are. The payment module implements it; the composition root gives it
 * to the routes that change the order (plan, product, number, transfer, flow status), which so
 * need not know the payment module.
 */
export interface OrderLock {
  /** Whether a payment of the caller is still open (asked at its provider). */
  isPaying(caller: Caller): Promise<boolean>;
  /** 409 payment_open ("Finish or cancel the payment first") while one is. */
  refuseWhilePaying(caller: Caller): Promise<void>;
}

/**
 * The lock's refusal, 409 payment_open: a change of the plan or the number while a payment of
 * them is open (started at the provider, not captured, not ended). The page offers the way to the
 * payment, to finish or cancel it. The routes throw it after asking the lock; the repositories
 * throw it from inside a write's transaction, so a change racing a payment's start cannot slip
 * through either.
 */
export class PaymentOpenError extends DomainError {
  constructor() {
    super(
      PAYMENT_ERROR_CODES.paymentOpen,
      'Finish or cancel the payment first: a payment for your plan and number is open. Finish it, or cancel it on the payment page, before you change them.',
    );
    this.name = 'PaymentOpenError';
  }
}

export const paymentOpen = () => new PaymentOpenError();

export const ORDER_LOCK_ERROR_STATUSES: ErrorStatuses = { [PAYMENT_ERROR_CODES.paymentOpen]: 409 };
