import Database from 'better-sqlite3';
import type { LightMyRequestResponse } from 'fastify';
import { API_ERROR_CODES, FlowStatusResponse, OrderResponse } from '@join/shared/contract';
import { jpeg } from '../../../testing/fake-authority';
import { cardToken } from '../../../testing/fake-card-provider';
import { multipartBody, multipartHeaders } from '../../../testing/identity-helpers';
import { createPaymentTestApp, newKey, type PaymentTestApp } from '../../../testing/payment-helpers';
import type { Visitor } from '../../../testing/harness';

/**
 * A sale that can be trusted. Each attack of the review, tried through the API as a
 * fraudster would: no SIM without a passed identity check of the logged-in account bound to the
 * order, a verification that belongs to the account (not the device), and what a device-id
 * session may read.
 */
let t: PaymentTestApp;
beforeEach(async () => {
  t = await createPaymentTestApp({ withBnpl: false });
});
afterEach(() => t.close());

const DUBAI_MALL = { lat: 25.1972, lng: 55.2796 };
const FORM = { address: 'Villa 12, Street 5, Al Barsha 2', address_2: '', instructions: '', phone: '0501234567' };

const flags = async (v: Visitor) => FlowStatusResponse.parse((await t.get(v, '/api/me/flow_status')).json()).flow_status_flags;
const code = (res: LightMyRequestResponse) => ({ status: res.statusCode, code: (res.json() as { code?: unknown }).code });
async function pay(v: Visitor) {
  const res = await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey());
  if (res.statusCode !== 200) throw new Error(`payment failed: ${res.statusCode} ${res.body}`);
}
const logout = (v: Visitor) => t.post(v, '/api/securitymanagement/logout', {});
/** The same device, logged in again by an e-mailed code as `email` (after a logout). */
const sameDeviceAs = async (v: Visitor, email: string) => t.loginWithCode(await t.login(v.deviceId), email);

describe('no SIM without a passed identity check', () => {
  it('opens no payment to a logged-in visitor who never did the identity check (409)', async () => {
    const v = await t.ready(undefined, { identity: false });
    expect((await flags(v)).is_id_verified).toBe(false);
    const res = await t.pay(v, '/api/payment/card', { token: cardToken() }, newKey());
    expect(code(res)).toEqual({ status: 409, code: API_ERROR_CODES.stepNotAllowed });
    expect(t.card.charges).toHaveLength(0);
  });

  it('issues no eSIM to an account that did not pass the check, even on a device whose earlier account paid', async () => {
    const payer = await t.ready();
    await pay(payer);
    expect((await logout(payer)).statusCode).toBe(200);
    const other = await sameDeviceAs(payer, `other-${Date.now()}@example.com`);
    const res = await t.post(other, '/api/me/esim', {});
    expect(res.statusCode).toBe(409);
    expect((await t.get(other, '/api/me/order')).json()).toEqual({ order: null });
  });

  it('records the decision on the order: kind, masked document, the authority’s person, decision id, time', async () => {
    const v = await t.ready();
    await pay(v);
    const issued = OrderResponse.parse((await t.post(v, '/api/me/esim', {})).json()).order;
    // The page shows which document the order went to (masked); the record keeps the rest.
    expect(issued?.identity).toEqual({ document_kind: 'passport', document_number_masked: expect.stringMatching(/^\*+\w{3}$/), verified_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const db = new Database(t.dbFile, { readonly: true });
    try {
      const row = db
        .prepare(
          `SELECT o.identity_decision_id AS decision, o.identity_person_ref AS person, o.identity_document_masked AS masked, d.outcome, d.account_id = o.account_id AS same_account
           FROM orders o JOIN identity_decisions d ON d.id = o.identity_decision_id WHERE o.uid = ?`,
        )
        .get(v.uid);
      expect(row).toEqual({ decision: expect.any(Number), person: expect.stringMatching(/^person-PX/), masked: issued?.identity?.document_number_masked, outcome: 'verified', same_account: 1 });
    } finally {
      db.close();
    }
  });

  it('refuses in the database an order without a verified decision of its user (no code path can)', async () => {
    const v = await t.ready(undefined, { identity: false });
    const db = new Database(t.dbFile);
    try {
      const insert = () =>
        db
          .prepare(
            `INSERT INTO orders (id, uid, order_number, kind, status, history_json, amount_due_fils, msisdn, created_at, updated_at)
             VALUES ('ord_attack', ?, 'JO-ATTK-0001', 'esim', 'issued', '[]', 0, '971580000000', 0, 0)`,
          )
          .run(v.uid);
      expect(insert).toThrow(/verified identity decision/);
    } finally {
      db.close();
    }
  });
});

describe('a verification belongs to the account, not the device', () => {
  it('another account logged in on the same device reads no verification, and the payment stays closed', async () => {
    const first = await t.ready();
    expect((await flags(first)).is_id_verified).toBe(true);
    // Another account logs in on the same session (no logout: that would retire the device).
    const second = await t.loginWithCode(first, `second-${Date.now()}@example.com`);
    expect((await flags(second)).is_id_verified).toBe(false);
    expect(code(await t.pay(second, '/api/payment/card', { token: cardToken() }, newKey()))).toEqual({ status: 409, code: API_ERROR_CODES.stepNotAllowed });
    // The first account, back on the device (after the resend wait of its e-mail), finds its own verification again.
    t.clock.advance(31_000);
    const back = await t.loginWithCode(second, first.email);
    expect((await flags(back)).is_id_verified).toBe(true);
  });

  it('a check left half done by one account is not finished by another on the same device', async () => {
    const first = await t.ready(undefined, { identity: false });
    await t.get(first, '/api/securitymanagement/check_location.json?lat=25.20480&lng=55.27080&process_id=1');
    await t.post(first, '/api/me/activation_method', { resident_type: 'non_resident', sim_type: 'esim' });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/identity/document',
      headers: multipartHeaders(first),
      payload: multipartBody({ side: 'data_page', source: 'upload' }, [{ data: jpeg('passport:PXHALF01') }]),
    });
    expect(sent.statusCode).toBe(200);
    const second = await t.loginWithCode(first, `half-${Date.now()}@example.com`);
    expect((await t.get(second, '/api/identity/check')).json()).toEqual({ check: null });
    expect((await t.app.inject({ method: 'POST', url: '/api/identity/face', headers: multipartHeaders(second), payload: multipartBody({ liveness: 'passed' }, [{ data: jpeg('match') }]) })).statusCode).toBe(409);
  });
});

describe('what a device-id session may read', () => {
  it('a plain device-id session of the device reads the order without the activation code', async () => {
    const v = await t.ready();
    await pay(v);
    const issued = OrderResponse.parse((await t.post(v, '/api/me/esim', {})).json()).order;
    expect(issued?.esim?.activation_code).toMatch(/^LPA:1\$/);
    const plain = await t.login(v.deviceId);
    const seen = OrderResponse.parse((await t.get(plain, '/api/me/order')).json()).order;
    expect(seen?.order_number).toBe(issued?.order_number);
    expect(seen?.esim).toBeNull();
    expect(JSON.stringify(seen)).not.toContain('LPA:1$');
  });

  it('a plain device-id session reads a delivery without its address and phone', async () => {
    const v = await t.ready(undefined, { identity: { resident: 'resident', sim: 'physical' } });
    const placed = await t.post(v, '/api/me/delivery', { ...DUBAI_MALL, ...FORM });
    expect(placed.statusCode).toBe(200);
    const plain = await t.login(v.deviceId);
    const seen = OrderResponse.parse((await t.get(plain, '/api/me/order')).json()).order;
    expect(seen?.kind).toBe('delivery');
    expect(seen?.delivery).toBeNull();
    expect(JSON.stringify(seen)).not.toContain('Al Barsha');
    expect(JSON.stringify(seen)).not.toContain('501234567');
  });

  it('logout retires the device id on the server: logging in with it again starts a new visitor', async () => {
    const v = await t.ready();
    await pay(v);
    await t.post(v, '/api/me/esim', {});
    await logout(v);
    const again = await t.login(v.deviceId);
    expect(again.uid).not.toBe(v.uid);
    expect((await t.get(again, '/api/me/order')).json()).toEqual({ order: null });
    expect((await flags(again)).is_plan_paid).toBe(false);
  });
});
