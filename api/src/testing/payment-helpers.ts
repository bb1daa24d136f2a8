import type { LightMyRequestResponse } from 'fastify';
import { FLOW_STATUS_KEYS } from '@join/shared/contract';
import { createTestApp, form, type TestApp, type Visitor } from './harness';
import { createHttpAuthority } from '../modules/identity/authority-client';
import { FAKE_AUTHORITY_KEY, startFakeAuthority, type FakeAuthority } from './fake-authority';
import { FakeBnplProvider } from './fake-bnpl-provider';
import { FakeCardProvider } from './fake-card-provider';
import { verifyIdentity, type IdentityChoice } from './verify-identity';

/**
 * Test support for the payment: an app with the in-memory providers and the in-test identity
 * authority, and visitors put where the payment step opens for real (a number held and committed, a
 * plan saved, both confirmed, an e-mail login, and the identity check passed: no payment
 * before it): no flag overlay, so is_plan_paid is the payments table's.
 */
export const PAGE_ORIGIN = 'http://localhost:80';

export interface PaymentTestApp extends TestApp {
  card: FakeCardProvider;
  bnpl: FakeBnplProvider;
  authority: FakeAuthority;
  /**
   * A visitor at the payment step with `plan` saved (product 187 by default: AED 35 + VAT), its
   * identity checked as `identity` says (a visitor with a passport and an eSIM by default; false:
   * not checked, so the payment is not open to it).
   */
  ready(
    plan?: { product_code: number; plan_ids: string },
    options?: { language?: 'en' | 'ar'; commit?: boolean; identity?: IdentityChoice | false; email?: string; start?: Visitor },
  ): Promise<Visitor & { email: string }>;
  /** A POST with a form body, the page's Origin and an idempotency key (when given). */
  pay(v: Visitor, url: string, body: Record<string, string | number>, key?: string): Promise<LightMyRequestResponse>;
}

let visitors = 0;

/** A fresh idempotency key (the page's crypto.randomUUID without dashes). */
export const newKey = (): string => crypto.randomUUID().replace(/-/g, '');

export const TOURIST_STARTER = { product_code: 187, plan_ids: '1871,1872,1873' } as const;
export const COMMITMENT_3 = { product_code: 103, plan_ids: '1031,1032,1033' } as const;

export async function createPaymentTestApp(options: Parameters<typeof createTestApp>[0] & { withBnpl?: boolean; withCard?: boolean } = {}): Promise<PaymentTestApp> {
  const card = new FakeCardProvider();
  const bnpl = new FakeBnplProvider();
  const { withBnpl = true, withCard = true, ...rest } = options;
  const authority = await startFakeAuthority();
  const t = await createTestApp({
    authority: createHttpAuthority({ url: authority.url, key: FAKE_AUTHORITY_KEY, timeoutMs: 1_500 }),
    ...(withCard ? { cardProvider: card } : {}),
    ...(withBnpl ? { bnplProvider: bnpl } : {}),
    ...rest,
    rateLimit: { codeSendMax: 100_000, codeCheckMax: 100_000, paymentMax: 100_000, identityMax: 100_000, locationMax: 100_000, ...rest.rateLimit },
  });

  const must = (res: LightMyRequestResponse, what: string) => {
    if (res.statusCode !== 200) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
    return res;
  };

  async function ready(
    plan: { product_code: number; plan_ids: string } = TOURIST_STARTER,
    { language = 'en' as 'en' | 'ar', commit = true, identity = { resident: 'non_resident', sim: 'esim' } as IdentityChoice | false, email: given = undefined as string | undefined, start = undefined as Visitor | undefined } = {},
  ) {
    // `start`: a session opened elsewhere (a retail customer's on a shop device); a new visitor by default.
    let v = start ?? (await t.login());
    const [number] = await t.offer(v);
    if (!number) throw new Error('no number offered');
    must(await t.post(v, '/api/numbers', { number }), 'reserve');
    if (commit) must(await t.post(v, '/api/numbers/commit_number', {}), 'commit');
    must(await t.post(v, '/api/me/flow_status', { key: FLOW_STATUS_KEYS.numberChosen }), 'number flag');
    must(await t.post(v, '/api/plans/saved_plans', { ...plan }), 'save plan');
    must(await t.post(v, '/api/me/flow_status', { key: FLOW_STATUS_KEYS.planSaved }), 'plan flag');
    visitors += 1;
    const email = given ?? `payer-${visitors}-${Date.now()}@example.com`;
    v = await t.loginWithCode(v, email);
    if (identity) await verifyIdentity(t, v, identity);
    const headers = { ...v.headers, language };
    return { ...v, headers, email };
  }

  const pay = (v: Visitor, url: string, body: Record<string, string | number>, key?: string) => {
    const encoded = form({ ...v.headers, origin: PAGE_ORIGIN, ...(key ? { 'idempotency-key': key } : {}) }, body);
    return t.app.inject({ method: 'POST', url, ...encoded });
  };

  return {
    ...t,
    card,
    bnpl,
    authority,
    ready,
    pay,
    close: async () => {
      await t.close();
      await authority.close();
    },
  };
}
