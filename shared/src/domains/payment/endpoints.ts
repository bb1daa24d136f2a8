import { apiClient, PREFERENCE_IDS, type ApiClient } from '@join/shared';
import {
  BnplStartResponse,
  CounterStartResponse,
  CounterStatusResponse,
  ContractRequestResponse,
  PaymentCancelResponse,
  PaymentResult,
  PaymentSummaryResponse,
  ReceiptResponse,
  SharePreferenceResponse,
} from './schemas';

/**
 * The payment calls over the page's one client. Every POST that can charge carries an
 * idempotency key the page makes once per attempt (crypto.randomUUID without dashes) and keeps
 * across a retry of the same attempt (a double click, a lost answer): the server charges once
 * per key. The kernel client never retries a request that carries one.
 */
export const paymentEndpoints = (c: ApiClient = apiClient) => ({
  summary: () => c.request('GET', '/payment/summary', { schema: PaymentSummaryResponse }),
  payByCard: (token: string, idempotencyKey: string) =>
    c.request('POST', '/payment/card', { schema: PaymentResult, body: { token }, idempotencyKey }),
  confirmCard: (paymentId: string, idempotencyKey: string) =>
    c.request('POST', '/payment/card/confirm', { schema: PaymentResult, body: { payment_id: paymentId }, idempotencyKey }),
  /** SPEC 3 preference 9: the visitor agrees to share their details with the instalments provider (the server refuses the start without it). */
  shareWithBnpl: () =>
    c.request('POST', '/me/preferences', { schema: SharePreferenceResponse, body: { PreferenceID: PREFERENCE_IDS.shareWithBnpl, Value: 'true' } }),
  startBnpl: (idempotencyKey: string) =>
    c.request('POST', '/payment/bnpl', { schema: BnplStartResponse, body: { consent: true }, idempotencyKey }),
  confirmBnpl: (paymentId: string, idempotencyKey: string) =>
    c.request('POST', '/payment/bnpl/confirm', { schema: PaymentResult, body: { payment_id: paymentId }, idempotencyKey }),
  /** Sends the payment to the shop's terminal (retail only). */
  startCounter: (idempotencyKey: string) => c.request('POST', '/payment/counter', { schema: CounterStartResponse, body: {}, idempotencyKey }),
  /** The terminal's answer: paid, or still pending. */
  confirmCounter: (paymentId: string) => c.request('POST', '/payment/counter/confirm', { schema: CounterStatusResponse, body: { payment_id: paymentId } }),
  /** Gives up the open payment (no key: cancelling twice is cancelling once). */
  cancel: (paymentId: string) => c.request('POST', '/payment/cancel', { schema: PaymentCancelResponse, body: { payment_id: paymentId } }),
  receipt: () => c.request('GET', '/payment/receipt', { schema: ReceiptResponse }),
  requestContract: () => c.request('POST', '/me/contract_request', { schema: ContractRequestResponse, body: {} }),
});

export type PaymentEndpoints = ReturnType<typeof paymentEndpoints>;
/** The payment calls over the page's client (what the payment pages use; tests spy on it). */
export const paymentApi: PaymentEndpoints = paymentEndpoints();
