import type { LightMyRequestResponse } from 'fastify';
import { FlowStatusResponse, OrderResponse, PaymentSummaryResponse, type ResidentType, type SimType } from '@join/shared/contract';
import { connectSqliteRepositories, type SqliteRepositories } from '../../../database';
import { cardToken } from '../../../testing/fake-card-provider';
import { createPaymentTestApp, newKey, type PaymentTestApp } from '../../../testing/payment-helpers';
import type { Visitor } from '../../../testing/harness';

/**
 * The delivery route tests' set-up, shared by their files: delivery through the routes, with the
 * test clock (2026-01-15 10:00 UTC: Thursday 14:00 in the UAE, when Dubai is open and Fujairah
 * has just closed) and the in-process courier and eSIM fakes. Visitors reach the delivery step
 * for real (a number, a plan, an e-mail login, the identity check with the activation method's
 * answers, against the in-test authority).
 */
export const DUBAI_MALL = { lat: 25.1972, lng: 55.2796 };
export const FUJAIRAH = { lat: 25.12, lng: 56.33 };
export const LIWA = { lat: 23.13, lng: 53.77 };
/** A corner of the seeded Dubai zone. */
export const DUBAI_CORNER = { lat: 25.18, lng: 55.44 };
export const AL_AIN = { lat: 24.2, lng: 55.7 };
/** GeoNames' Dubai Marina: in the marina's water, inside the Dubai zone's outline. */
export const MARINA_WATER = { lat: 25.08525, lng: 55.14646 };
/** Dubai Creek by Al Garhoud, inside the Dubai zone's outline. */
export const DUBAI_CREEK = { lat: 25.24, lng: 55.335 };

export const FORM = { address: 'Villa 12, Street 5, Al Barsha 2', address_2: 'Gate on the left', instructions: 'Call on arrival', phone: '0501234567' };

/** The current test's app, and a second connection to its database (the test sets the activation method's answers); set by useDeliveryApp. */
export let t: PaymentTestApp;
export let db: SqliteRepositories;

/** A fresh app (without BNPL) for each test of the file, and its second connection; closed after. */
export function useDeliveryApp(): void {
  beforeEach(async () => {
    t = await createPaymentTestApp({ withBnpl: false });
    db = connectSqliteRepositories(t.dbFile);
  });
  afterEach(async () => {
    await db.close();
    await t.close();
  });
}

export const ok = <T>(res: LightMyRequestResponse, schema: { parse(v: unknown): T }): T => {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode} ${res.body}`);
  return schema.parse(res.json());
};
export function expectError(res: LightMyRequestResponse, status: number, code: number | string, field?: string) {
  expect({ status: res.statusCode, code: (res.json() as { code: unknown }).code }).toEqual({ status, code });
  if (field) expect((res.json() as { field?: string }).field).toBe(field);
  return res.json() as { code: number | string; message: string; field?: string; next_opening?: string | null };
}
export const flags = async (v: Visitor) => FlowStatusResponse.parse((await t.get(v, '/api/me/flow_status')).json()).flow_status_flags;
export const order = async (v: Visitor) => ok(await t.get(v, '/api/me/order'), OrderResponse).order;

/**
 * A visitor at the delivery step: the plan and number chosen, logged in, and the identity check
 * passed with these answers (a resident with a physical SIM gets the delivery form by it).
 */
export async function visitor(resident: ResidentType, sim: SimType, { deliveryForm = resident === 'resident' && sim === 'physical' } = {}) {
  const v = await t.ready(undefined, { identity: { resident, sim } });
  if (deliveryForm !== (resident === 'resident' && sim === 'physical')) await db.setDeliveryForm(v.uid, deliveryForm);
  return v;
}
export const resident = () => visitor('resident', 'physical');
/**
 * What the resident's plan costs, as GET /payment/summary prices it (the summary itself is the
 * payment step's, closed to a resident who pays on delivery: a visitor with the same plan asks it).
 */
export async function planPrice(v: Visitor) {
  const twin = await t.ready();
  const summary = ok(await t.get(twin, '/api/payment/summary'), PaymentSummaryResponse);
  const held = (await t.get(v, '/api/numbers')).json<{ numbers: { MSISDN: string }[] }>().numbers[0]?.MSISDN;
  return { amount_fils: summary.amount_fils, msisdn: held ?? '' };
}
export async function paid(v: Visitor) {
  const res = await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey());
  if (res.statusCode !== 200) throw new Error(`payment failed: ${res.statusCode} ${res.body}`);
}
export const deliver = (v: Visitor, body: Record<string, string | number> = {}) => t.post(v, '/api/me/delivery', { ...DUBAI_MALL, ...FORM, ...body });
export const publicGet = (url: string) => t.app.inject({ method: 'GET', url });
