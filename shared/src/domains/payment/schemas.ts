import { z } from 'zod';
import { CURRENCY, PackagePrice, Product } from '@join/shared';
import type { CardBrand } from './card-rules';

/**
 * The payment domain's payloads. SPEC 7 names no payment call ("a card tokenising call
 * to a card payment provider"); these are ours. The API parses with these schemas and the payment
 * pages parse the answers with them.
 *
 * Money: every amount the API charges is in fils (minor units, 1 AED = 100 fils), an integer,
 * computed by the server from the saved plan at the moment of the call. No body carries an
 * amount: the schemas are strict, so a client amount is refused (400), never used.
 */

/** The three brands SPEC 5 accepts (the kernel's CardBrand; type codes in CARD_TYPE_CODES). */
export const CardBrandSchema = z.enum(['visa', 'mastercard', 'amex']) satisfies z.ZodType<CardBrand>;

/** counter: taken on the shop's payment terminal (retail mode only). */
export const PaymentMethod = z.enum(['card', 'bnpl', 'counter']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;


/** One instalment of a buy-now-pay-later plan. */
export const Instalment = z.object({
  /** 1-based. */
  number: z.number().int().positive(),
  /** YYYY-MM-DD; the first is today. */
  due_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  amount_fils: z.number().int().nonnegative(),
});
export type Instalment = z.infer<typeof Instalment>;

/**
 * A payment started and not finished: 3-D Secure or a BNPL checkout waiting at the
 * provider. While one is open the plan and the number cannot change (409 payment_open); the
 * payment page offers to finish it (back to the provider) or to cancel it.
 */
export const OpenPayment = z.object({
  payment_id: z.string(),
  method: PaymentMethod,
  /** What the open payment takes, in fils: the order recorded when it started. */
  amount_fils: z.number().int().nonnegative(),
  /** The provider's page to finish it (3-D Secure or the checkout); null while the provider has not answered yet. */
  action_url: z.string().url().nullable(),
  /** ISO timestamps: when it started, and when the provider's window for it ends. */
  started_at: z.string(),
  expires_at: z.string(),
});
export type OpenPayment = z.infer<typeof OpenPayment>;

/**
 * GET /payment/summary: the order re-quoted by the server now, and how it can be paid.
 * Allowed when the payment step is (flow contract): a committed number, a saved plan, an e-mail
 * login, not paid, not done.
 */
export const PaymentSummaryResponse = z.object({
  product: Product,
  /** The saved plan re-priced now (the same computation as the plan step's quote). */
  package_price: PackagePrice,
  /** NetPrice + VAT, in fils: what a charge takes now. */
  amount_fils: z.number().int().nonnegative(),
  currency: z.literal(CURRENCY),
  /** The number being bought (display form is the page's job). */
  msisdn: z.string(),
  /** A commitment plan is charged again every month: the card must allow recurring charges. */
  recurring: z.boolean(),
  /** SPEC 5: the promo hint shows for a plan of AED 79 or more. */
  promo_hint: z.boolean(),
  /** The promo code redeemed on the plan (POST /promotions/redeem), already in package_price; null for none. */
  promo_code: z.string().nullable().default(null),
  card: z.object({
    /** The card provider's hosted fields page (its own origin): the page frames it. */
    fields_url: z.string().url(),
    /** The provider's public merchant id, passed to the hosted fields. */
    merchant_id: z.string().min(1),
  }),
  /** Buy now, pay later, when the amount and the plan allow it; null otherwise. */
  bnpl: z
    .object({
      provider: z.string(),
      instalments: z.array(Instalment).min(2),
    })
    .nullable(),
  /** Apple Pay shows only when the product's AllowedFeatures has web_apple_pay (SPEC 6, 9: disabled by configuration). */
  apple_pay: z.boolean(),
  /** A payment of this order still waiting at its provider, or null. */
  open_payment: OpenPayment.nullable().default(null),
  /** Pay at the counter: only in a retail customer session (a shop device), on the shop's terminal; null otherwise. */
  counter: z.object({ terminal_id: z.string() }).nullable().default(null),
});
export type PaymentSummaryResponse = z.infer<typeof PaymentSummaryResponse>;

/** The Idempotency-Key header every payment POST carries (the kernel client sends `idempotency-key`). */
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be 16 to 64 letters, digits, _ or -');

/** POST /payment/card: the provider's single-use token for the card (never the card). */
export const CardPaymentBody = z.object({ token: z.string().regex(/^tok_[A-Za-z0-9]{8,64}$/, 'must be a card token') }).strict();
export type CardPaymentBody = z.infer<typeof CardPaymentBody>;

/** POST /payment/counter: no body field (the amount is the server's; the terminal is the shop's). */
export const CounterStartBody = z.object({}).strict();

/** POST /payment/counter: the payment sent to the shop's terminal, waiting for the tap. */
export const CounterStartResponse = z.object({ payment_id: z.string(), status: z.literal('pending'), terminal_id: z.string() });
export type CounterStartResponse = z.infer<typeof CounterStartResponse>;

/** POST /payment/counter/confirm: asks the terminal's signed answer for the payment. */
export const CounterConfirmBody = z.object({ payment_id: z.string().regex(/^pay_[A-Za-z0-9]{8,64}$/) }).strict();

/** The receipt (GET /payment/receipt, and the answer of a payment that went through). */
export const Receipt = z.object({
  /** Our reference, shown to the visitor and in the e-mail (e.g. JN-7Q4K-2M9X). */
  reference: z.string(),
  method: PaymentMethod,
  amount_fils: z.number().int().nonnegative(),
  vat_fils: z.number().int().nonnegative(),
  vat_percentage: z.number(),
  currency: z.literal(CURRENCY),
  /** Card payments: the brand and last four digits; null for BNPL. */
  card: z.object({ brand: CardBrandSchema, last4: z.string().regex(/^\d{4}$/) }).nullable(),
  /** BNPL: the instalments agreed; null for a card. */
  instalments: z.array(Instalment).nullable(),
  product_name: z.string(),
  msisdn: z.string(),
  /** ISO timestamp of the capture. */
  paid_at: z.string(),
  /** The e-mail the receipt was sent to. */
  email: z.string(),
});
export type Receipt = z.infer<typeof Receipt>;

/**
 * What a receipt's customer paid today and what is still to pay: a BNPL payment's
 * first instalment is paid today and the others later, so its order total is not "paid". Null for
 * a payment made in full (a card, or a plan of one instalment).
 */
export function instalmentSplit(receipt: Pick<Receipt, 'amount_fils' | 'instalments'>): { todayFils: number; laterFils: number; totalFils: number } | null {
  const [first, ...rest] = receipt.instalments ?? [];
  if (!first || rest.length === 0) return null;
  return { todayFils: first.amount_fils, laterFils: receipt.amount_fils - first.amount_fils, totalFils: receipt.amount_fils };
}

/**
 * The outcome of POST /payment/card and POST /payment/card/confirm:
 * - paid: captured; is_plan_paid is set; the receipt;
 * - action_required: 3-D Secure: the browser goes to action_url (the provider's challenge page),
 *   which returns to /payment/payfort_token?payment=<payment_id>.
 * A decline is an error (HTTP 402) with the SPEC 8 code (-7109, -7011, …) or a client key
 * (non_eligible_card, non_recurring_card, nonce_error).
 */
export const PaymentResult = z.union([
  z.object({ status: z.literal('paid'), receipt: Receipt }),
  z.object({ status: z.literal('action_required'), payment_id: z.string(), action_url: z.string().url() }),
]);
export type PaymentResult = z.infer<typeof PaymentResult>;

/**
 * POST /payment/counter/confirm: paid (the terminal's signed approval, captured), or still
 * pending on the terminal. A decline is an error (402, SPEC 8's code for the terminal's reason);
 * cancelled on the terminal is 409 payment_cancelled.
 */
export const CounterStatusResponse = z.union([
  z.object({ status: z.literal('paid'), receipt: Receipt }),
  z.object({ status: z.literal('pending'), payment_id: z.string() }),
]);
export type CounterStatusResponse = z.infer<typeof CounterStatusResponse>;

/** POST /payment/card/confirm: after the 3-D Secure page returned (the server asks the provider; the address proves nothing). */
export const CardConfirmBody = z.object({ payment_id: z.string().regex(/^pay_[A-Za-z0-9]{8,64}$/) }).strict();
export type CardConfirmBody = z.infer<typeof CardConfirmBody>;

/** POST /payment/bnpl: the consent to share data with the provider (preference 9) must be true. */
export const BnplStartBody = z
  .object({
    // The kernel client form-encodes bodies (SPEC 7), so the API reads the string 'true'; a JSON true is accepted too.
    consent: z
      .union([z.literal(true), z.literal('true')], { error: 'the consent to share your details with the provider is required' })
      .transform((): true => true),
  })
  .strict();
export type BnplStartBody = z.infer<typeof BnplStartBody>;
/** The provider's checkout page for the browser to go to. */
export const BnplStartResponse = z.object({ payment_id: z.string(), checkout_url: z.string().url() });
export type BnplStartResponse = z.infer<typeof BnplStartResponse>;

/** POST /payment/bnpl/confirm: after /spotii-success or /spotii-fail (the server asks the provider). */
export const BnplConfirmBody = z.object({ payment_id: z.string().regex(/^pay_[A-Za-z0-9]{8,64}$/) }).strict();
export type BnplConfirmBody = z.infer<typeof BnplConfirmBody>;

/** POST /payment/cancel: gives up the visitor's open payment (voided at its provider: nothing is taken). */
export const PaymentCancelBody = z.object({ payment_id: z.string().regex(/^pay_[A-Za-z0-9]{8,64}$/) }).strict();
export type PaymentCancelBody = z.infer<typeof PaymentCancelBody>;
/**
 * cancelled: nothing is open any more and nothing was taken; paid: the payment went through at
 * its provider before it could be cancelled: it is captured, here is its receipt.
 */
export const PaymentCancelResponse = z.union([
  z.object({ status: z.literal('cancelled') }),
  z.object({ status: z.literal('paid'), receipt: Receipt }),
]);
export type PaymentCancelResponse = z.infer<typeof PaymentCancelResponse>;

/** GET /payment/receipt: allowed once paid (SPEC 2: /payment/confirmation once paid and properly logged in). */
export const ReceiptResponse = z.object({ receipt: Receipt });
export type ReceiptResponse = z.infer<typeof ReceiptResponse>;

/** POST /me/contract_request: sends the commitment contract by e-mail. */
export const ContractRequestResponse = z.object({ email: z.string() });
export type ContractRequestResponse = z.infer<typeof ContractRequestResponse>;

/** String codes of the payment endpoints (SPEC 8 client keys) besides SPEC 8's numbers. */
export const PAYMENT_ERROR_CODES = {
  nonEligibleCard: 'non_eligible_card',
  nonRecurringCard: 'non_recurring_card',
  /** The card token expired or was already used. */
  nonce: 'nonce_error',
  bnpl: 'spotii_error',
  /** 409: the plan or the number cannot change while a payment is open ("Finish or cancel the payment first"). */
  paymentOpen: 'payment_open',
  /** 409: at capture the order was no longer the one the payment recorded: the money was given back. */
  orderChanged: 'order_changed',
  /** 409: this payment was cancelled by the visitor: nothing was taken. */
  paymentCancelled: 'payment_cancelled',
  /** 402: the bank refused the 3-D Secure check (wrong codes): nothing was charged. */
  threeDsFailed: 'three_ds_failed',
  /** 402: the 3-D Secure check was not completed (cancelled, or its time ran out): nothing was charged. */
  threeDsCancelled: 'three_ds_cancelled',
} as const;

/**
 * A buy-now-pay-later plan ("for example four payments, the first today"): `count`
 * payments, the first today and one each month after on the same day (the month's last day when
 * it has no such day); the fils that do not divide evenly are paid with the first.
 */
export function instalmentPlan(amountFils: number, count: number, today: string): Instalment[] {
  if (!Number.isInteger(amountFils) || amountFils < 0) throw new RangeError('amountFils must be a whole number of fils');
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a whole number above 0');
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!m) throw new RangeError('today must be YYYY-MM-DD');
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const share = Math.floor(amountFils / count);
  const first = amountFils - share * (count - 1);
  return Array.from({ length: count }, (_, i) => {
    const monthIndex = month - 1 + i;
    const y = year + Math.floor(monthIndex / 12);
    const mo = monthIndex % 12;
    const lastDay = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate();
    const date = `${y}-${String(mo + 1).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
    return { number: i + 1, due_date: date, amount_fils: i === 0 ? first : share };
  });
}

/**
 * POST /me/preferences as the instalments page reads its answer: the visitor's consents (SPEC 3
 * preferences). The plans domain has the same shape; a domain reads only its own contract.
 */
export const SharePreferenceResponse = z.object({ preferences: z.array(z.object({ PreferenceID: z.number().int(), Value: z.boolean() })) });
export type SharePreferenceResponse = z.infer<typeof SharePreferenceResponse>;
