import type { LightMyRequestResponse } from 'fastify';
import { BnplStartResponse, FlowStatusResponse, PaymentResult, PaymentSummaryResponse } from '@join/shared/contract';
import { cardToken } from '../../../testing/fake-card-provider';
import type { Visitor } from '../../../testing/harness';
import { createPaymentTestApp, newKey, type PaymentTestApp } from '../../../testing/payment-helpers';

/**
 * What the payment route tests read from the answers, and the payments they start, written once:
 * an error's status and code, a paid answer's receipt, a card payment stopped at 3-D Secure, a
 * BNPL checkout opened.
 */
/** The file's payment app, with the in-memory providers; set by usePaymentApp. */
export let t: PaymentTestApp;

/** One payment app for the file's tests: started before them, closed after. */
export function usePaymentApp(): void {
  beforeAll(async () => {
    t = await createPaymentTestApp();
  });
  afterAll(() => t.close());
}

export const codeOf = (res: LightMyRequestResponse) => (res.json() as { code?: unknown }).code;
export const statusAndCode = (res: LightMyRequestResponse) => ({ status: res.statusCode, code: codeOf(res) });
export const expectError = (res: LightMyRequestResponse, status: number, code: number | string) => expect(statusAndCode(res)).toEqual({ status, code });

/** The receipt of a 200 answer whose payment is paid; anything else fails the test and shows the answer. */
export function paidReceipt(res: LightMyRequestResponse) {
  const result = PaymentResult.safeParse(res.json());
  if (res.statusCode !== 200 || !result.success || result.data.status !== 'paid') throw new Error(`expected paid, got ${res.statusCode} ${res.body}`);
  return result.data.receipt;
}

/** A card payment whose charge waits for the bank's 3-D Secure check: its action_required answer. */
export async function startThreeDs(t: PaymentTestApp, v: Visitor, { key = newKey(), token = cardToken('3ds') } = {}) {
  const started = PaymentResult.parse((await t.pay(v, '/api/payment/card', { token }, key)).json());
  if (started.status !== 'action_required') throw new Error('expected the 3-D Secure step');
  return started;
}

/** The bank's page ends the check of the provider's latest charge. */
export const finishThreeDs = (t: PaymentTestApp, outcome: Parameters<PaymentTestApp['card']['completeAction']>[1]) =>
  t.card.completeAction(t.card.charges.at(-1)?.id ?? '', outcome);

/** The visitor agrees to share their details with the instalments provider (SPEC 3 preference 9), as the page does before starting. */
export async function shareWithBnpl(t: PaymentTestApp, v: Visitor, value = true) {
  const res = await t.post(v, '/api/me/preferences', { PreferenceID: 9, Value: String(value) });
  expect(res.statusCode).toBe(200);
}

/** An instalment checkout opened with the consent given (recorded first, as the page does). */
export async function startBnpl(t: PaymentTestApp, v: Visitor, key = newKey()) {
  await shareWithBnpl(t, v);
  const res = await t.pay(v, '/api/payment/bnpl', { consent: 'true' }, key);
  expect(res.statusCode).toBe(200);
  return BnplStartResponse.parse(res.json());
}

/** Product 187: AED 35 + 5 % VAT = AED 36.75. */
export const STARTER_FILS = 3675;
/** Product 188: AED 99 + VAT = 103.95, the cheapest plan BNPL offers (AED 100 minimum in the fake), with the promo hint. */
export const EXPLORER = { product_code: 188, plan_ids: '1881,1882,1883' };

/** GET /payment/summary, which must answer 200. */
export async function summaryOf(t: PaymentTestApp, v: Visitor) {
  const res = await t.get(v, '/api/payment/summary');
  expect(res.statusCode).toBe(200);
  return PaymentSummaryResponse.parse(res.json());
}
export const flagsOf = async (t: PaymentTestApp, v: Visitor) => FlowStatusResponse.parse((await t.get(v, '/api/me/flow_status')).json()).flow_status_flags;
/** The receipts mailed to the visitor. */
export const receiptMails = (t: PaymentTestApp, v: { email: string }) => t.mail.to(v.email).filter((m) => m.subject.startsWith('Your payment receipt'));
