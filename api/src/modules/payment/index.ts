/**
 * The payment module's public entry: its routes, the order being bought (priced now), the order
 * lock and its errors, the refund sweep, the providers' setup and types, and the mail layout the
 * order e-mails share. Everything else in this folder is the module's own.
 */
export { paymentRoutes } from './payment-routes';
export { loadOrder, type Order } from './order';
export { orderLock } from './order-lock';
export { maxSimsReached, retryPendingRefunds } from './payment-settlement';
export { PAYMENT_ERROR_STATUSES } from './errors';
export { bnplProviderFrom } from './bnpl-setup';
export { cardProviderFrom } from './card-setup';
export type { BnplProvider, CardProvider, TerminalProvider } from './providers';
export { terminalProviderFrom } from './terminal-setup';
export { walkedAwayPayments } from './walked-away';
export { formatFils, mail, readableNumber, type Row } from './payment-mail';
export type * from './repository';
export { PaymentOpenError } from './repository';
export type { OrderDeps, PaymentDeps, RetailSessionOf, RetailSessions } from './deps';
