import { DEFAULT_SHUFFLE_VANITY_IDS, type DocumentDetails } from '@join/shared/contract';
import type { SoldDocument } from '../modules/identity/sim-limit';
import type { NewIdentityDecision } from '../modules/identity/repository';
import type { NewOrder } from '../modules/fulfilment/repository';
import type { NewPayment, RecordedOrder } from '../modules/payment/repository';
import type { Repositories } from '../repositories';
import { STARTER_CARD_PAYMENT } from './starter-payment';

/**
 * Test support for the retention schedule: a sale (a verified identity, a captured
 * payment, an order) and the traces of a visitor who bought nothing, written through the Repositories
 * at a given time. Not a test itself, never imported by the server.
 */
let serial = 0;
const next = (): string => String((serial += 1)).padStart(6, '0');

export const passportOf = (number: string): DocumentDetails => ({
  kind: 'passport',
  number,
  id_number: null,
  issuing_country: 'GBR',
  nationality: 'GBR',
  surname: 'HOPPER',
  given_names: 'GRACE',
  birth_date: '1980-01-01',
  expiry_date: '2031-01-01',
  sex: 'F',
});

/**
 * The decision on `passport` at `at`, as the check records it: verified for a visitor's eSIM,
 * with the person `person-<number>` and the holder's name, unless `over` says otherwise.
 */
export function passportDecision(passport: DocumentDetails, at: number, over: Partial<NewIdentityDecision> = {}): NewIdentityDecision {
  return {
    outcome: 'verified',
    code: null,
    documentKind: 'passport',
    documentNumber: passport.number,
    expiryDate: passport.expiry_date,
    birthDate: passport.birth_date,
    residentType: 'non_resident',
    simType: 'esim',
    personRef: `person-${passport.number}`,
    liveness: 'passed',
    decidedAt: at,
    accountId: null,
    holderName: `${passport.given_names} ${passport.surname}`,
    ...over,
  };
}

export function identityDecision(outcome: 'verified' | 'refused', documentNumber: string, at: number, accountId: string | null = null): NewIdentityDecision {
  const verified = outcome === 'verified';
  return passportDecision(passportOf(documentNumber), at, {
    outcome,
    code: verified ? null : -116,
    accountId,
    ...(verified ? {} : { personRef: null, holderName: null }),
  });
}

/**
 * What a payment buys (it records it when it starts): a pool number held and a plan
 * saved, sold to the document the user was verified with.
 */
export interface Purchase {
  msisdn: string;
  order: RecordedOrder;
  document: SoldDocument;
}

const HOLD_MS = 15 * 60_000;
const PRICE = { NetPrice: 35, PlanNetPrice: 35, VATPercentage: 5, VATAmount: 1.75, ExtraCharges: [], Discounts: [] };

/**
 * Holds a free pool number for the user and saves a plan at `at`: what a payment then buys, sold
 * to the passport `documentNumber` (the user must have a verified decision of it: see sale).
 */
export async function purchase(repos: Repositories, uid: string, at: number, documentNumber: string): Promise<Purchase> {
  const [free] = await repos.pickFreeNumbers(1, DEFAULT_SHUFFLE_VANITY_IDS, at, Math.random);
  if (!free) throw new Error('the pool has no free number left');
  const held = await repos.reserveNumber(uid, free.msisdn, at, at + HOLD_MS, { maxExtensions: 2, temporaryVanityLevels: [] });
  if (held.kind !== 'reserved') throw new Error(`could not hold ${free.msisdn}: ${held.kind}`);
  const plan = { productCode: 187, planIds: [1871], boosterIds: [], promotionKeys: [], promoCode: null, price: PRICE, appliedPromotions: [] };
  const saved = await repos.replaceSavedPlan(uid, plan, at);
  return {
    msisdn: free.msisdn,
    order: { savedPlanId: saved.id, reservationId: held.hold.reservationId, planIds: plan.planIds, boosterIds: [], promotionKeys: [], promoCode: null, price: PRICE },
    document: { kind: 'passport', number: documentNumber },
  };
}

export function newPayment(uid: string, at: number, bought: Purchase, over: Partial<NewPayment> = {}): NewPayment {
  const n = next();
  return {
    id: `pay_retention${n}`,
    uid,
    ...STARTER_CARD_PAYMENT,
    idempotencyKey: `key-retention-${n}`,
    requestHash: `hash-${n}`,
    msisdn: bought.msisdn,
    order: bought.order,
    document: bought.document,
    holdUntil: at + HOLD_MS,
    email: 'payer@example.com',
    createdAt: at,
    ...over,
  };
}

/** An order (bound to no identity unless `over` names one: a sale binds its decision, see sale). */
export function newOrder(uid: string, at: number, over: Partial<NewOrder> = {}): NewOrder {
  const n = next();
  return {
    id: `ord_retention${n}`,
    uid,
    orderNumber: `JO-RETN-${n.slice(-4)}`,
    kind: 'delivery',
    status: 'received',
    delivery: { lat: 25.2, lng: 55.28, address: `Villa ${n}`, address2: '', instructions: '', phone: '971501234567' },
    storeId: null,
    amountDueFils: 0,
    msisdn: '971581234567',
    eta: null,
    createdAt: at,
    accountId: null,
    identity: null,
    ...over,
  };
}

/** A visitor, as the device-id login makes one. */
export async function visitor(repos: Repositories, at: number): Promise<string> {
  const n = next();
  return (await repos.findOrCreateUser(`device-retention-${n}`, `uid-retention-${n}`, at)).uid;
}

/**
 * A sale at `at`: the identity verified (its document number `documentNumber`), the plan paid by
 * card (after a declined card, with declinedFirst), a delivery ordered, a note left in the help
 * modal. Answers the user and its payments.
 */
export async function sale(repos: Repositories, at: number, documentNumber: string, options: { declinedFirst?: boolean } = {}): Promise<{ uid: string; paymentId: string; failedId?: string }> {
  const uid = await visitor(repos, at);
  await repos.setActivationMethod(uid, 'non_resident', 'physical');
  const account = await repos.findOrCreateVerifiedAccount(`${uid}@buyers.example`, `acct-${uid}`, at);
  await repos.recordIdentityDecision(uid, { ...identityDecision('verified', documentNumber, at, account.id), simType: 'physical' }, { kind: 'verified', flag: 'id_verified' });
  const decision = await repos.getVerifiedDecision(uid, account.id);
  if (!decision) throw new Error('the sale has no verified decision');
  const bought = await purchase(repos, uid, at, documentNumber);
  let failedId: string | undefined;
  if (options.declinedFirst) {
    const failed = newPayment(uid, at, bought);
    await repos.startPayment(failed);
    await repos.updatePayment(uid, failed.id, { status: 'declined', declineCode: -7109 }, at);
    failedId = failed.id;
  }
  const payment = newPayment(uid, at, bought);
  const started = await repos.startPayment(payment);
  if (started.kind !== 'created') throw new Error(`the sale's payment did not start: ${started.kind}`);
  await repos.capturePayment(uid, payment.id, { providerRef: 'ch_1', cardBrand: 'visa', cardLast4: '4242', receiptReference: `JN-RT${next().slice(-3)}-0001` }, at);
  await repos.placeOrder(
    newOrder(uid, at, {
      msisdn: bought.msisdn,
      accountId: account.id,
      identity: {
        decisionId: decision.id,
        documentKind: decision.documentKind,
        documentNumberMasked: `*****${documentNumber.slice(-3)}`,
        personRef: decision.personRef,
        holderName: decision.holderName,
        verifiedAt: at,
      },
    }),
    false,
  );
  await repos.addFeedback({ uid, deviceId: 'device', text: 'Quick and easy', route: '/thank-you', step: null, language: 'en', createdAt: at });
  return { uid, paymentId: payment.id, ...(failedId ? { failedId } : {}) };
}
