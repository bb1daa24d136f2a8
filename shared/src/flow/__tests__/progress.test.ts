import type { FlowStatusFlags } from '../../schemas/entities';
import { EMPTY_FLOW_FLAGS } from '../../schemas/entities';
import { flowProgress, type FlowProgress } from '../progress';
import type { FlowContext } from '../rules';
import { ROUTES } from '../steps';

function ctx(on: Partial<FlowStatusFlags> = {}, extra: Omit<Partial<FlowContext>, 'flags'> = {}): FlowContext {
  return { flags: { ...EMPTY_FLOW_FLAGS, ...on }, ...extra };
}
const PICKED = { is_plan_selected: true, is_number_selected: true } as const;
const LOGGED = { ...PICKED, is_logged_in_via_email: true } as const;
const PAID = { ...LOGGED, is_plan_paid: true } as const;

function names(p: FlowProgress | null): string[] {
  return p ? p.steps.map((s) => s.name) : [];
}
/** The marks as one line, e.g. "plan:done number:current account:remaining". */
function marks(p: FlowProgress | null): string {
  return p ? p.steps.map((s) => `${s.name}:${s.mark}`).join(' ') : 'none';
}

const STAGES = ['plan', 'number', 'account', 'identity', 'checkout'];

describe('flowProgress: which stages a visitor sees', () => {
  test('a new tourist: five stages, the plan current', () => {
    const p = flowProgress(ctx(), ROUTES.planSelection);
    expect(names(p)).toEqual(STAGES);
    expect(p?.position).toBe(1);
    expect(p?.total).toBe(5);
    expect(p?.current.name).toBe('plan');
    expect(p?.current.titleKey).toBe('STEP_TITLE_PLAN');
    expect(p?.current.labelKey).toBe('progress.step.plan');
  });

  test('the location check, the activation and the id check are the identity stage; the compact form names the screen', () => {
    for (const [route, title] of [
      [ROUTES.locationCheck, 'STEP_TITLE_LOCATION_CHECK'],
      [ROUTES.scanFace, 'STEP_TITLE_ACTIVATION_METHOD'],
      [ROUTES.idCheck, 'STEP_TITLE_ID_CHECK'],
    ] as const) {
      const p = flowProgress(ctx(LOGGED, { insideUae: true }), route);
      expect(p?.current.name).toBe('identity');
      expect(p?.position).toBe(4);
      expect(p?.current.titleKey).toBe(title);
    }
  });

  test('the payment and the delivery or pickup are the checkout stage', () => {
    const physical = { insideUae: true, residentType: 'non_resident', simType: 'physical' } as const;
    expect(flowProgress(ctx(LOGGED, physical), ROUTES.payment)?.current.name).toBe('checkout');
    const pickup = flowProgress(ctx(PAID, physical), ROUTES.storePickup);
    expect(pickup?.current.name).toBe('checkout');
    expect(pickup?.current.titleKey).toBe('STEP_TITLE_SUBMIT_DELIVERY');
  });

  test('retail: no location check, still five stages', () => {
    const p = flowProgress(ctx({}, { retail: true }), ROUTES.number);
    expect(names(p)).toEqual(STAGES);
    expect(p?.position).toBe(2);
  });

  test('paid without a location check: the identity stage is done', () => {
    const p = flowProgress(ctx(PAID), ROUTES.paymentConfirmation);
    expect(marks(p)).toBe('plan:done number:done account:done identity:done checkout:current');
  });

  test('a resident paying cash on delivery: the delivery is the checkout, the last stage', () => {
    const p = flowProgress(ctx({ ...LOGGED, is_resident_done: true }, { residentType: 'resident', hasDeliveryForm: true, insideUae: true }), ROUTES.submitDelivery);
    expect(marks(p)).toBe('plan:done number:done account:done identity:done checkout:current');
    expect(p?.position).toBe(p?.total);
  });
});

describe('flowProgress: done, current, remaining', () => {
  test('plan selected, on the number step: plan done, the rest remaining', () => {
    const p = flowProgress(ctx({ is_plan_selected: true }), ROUTES.number);
    expect(marks(p)).toBe('plan:done number:current account:remaining identity:remaining checkout:remaining');
    expect(p?.position).toBe(2);
  });

  test('a sub-route counts as its step', () => {
    expect(flowProgress(ctx({ is_plan_selected: true }), ROUTES.numberConfirmation)?.current.name).toBe('number');
    expect(flowProgress(ctx(), `${ROUTES.customPlan}?x=1`)?.current.name).toBe('plan');
  });

  test('a vip start picks the number first: the plan before it is still remaining', () => {
    const p = flowProgress(ctx({}, { vipFilter: true }), ROUTES.numberSearch);
    expect(marks(p).startsWith('plan:remaining number:current')).toBe(true);
  });

  test('editing the plan after the number: the plan is current, the number after it done', () => {
    const p = flowProgress(ctx(PICKED), ROUTES.planSelection);
    expect(marks(p).startsWith('plan:current number:done account:remaining')).toBe(true);
  });

  test('steps no flag records count as done once the visitor is past them', () => {
    const p = flowProgress(ctx(LOGGED, { insideUae: true }), ROUTES.payment);
    expect(marks(p)).toBe('plan:done number:done account:done identity:done checkout:current');
    // ...but not before: editing the plan, the identity stage is still to come.
    const back = flowProgress(ctx(LOGGED, { insideUae: true }), ROUTES.planSelection);
    expect(marks(back)).toBe('plan:current number:done account:done identity:remaining checkout:remaining');
  });

  test('the identity stage is done only when each of its steps is', () => {
    // Inside the UAE, verified, non-resident: location, activation (past it) and id check done.
    const p = flowProgress(ctx({ ...LOGGED, is_id_verified: true }, { insideUae: true, residentType: 'non_resident' }), ROUTES.payment);
    expect(marks(p)).toContain('identity:done');
    // Back on the number step before the location check: not done.
    const q = flowProgress(ctx(LOGGED), ROUTES.number);
    expect(marks(q)).toContain('identity:remaining');
  });
});

describe('flowProgress: where no stepper shows', () => {
  test.each([
    ['the root', ROUTES.root],
    ['thank-you', ROUTES.thankYou],
    ['a BNPL return', ROUTES.spotiiSuccess],
    ['the contract request', ROUTES.contractRequest],
    ['an unknown path', '/nowhere'],
  ])('%s', (_label, path) => {
    expect(flowProgress(ctx(PAID), path)).toBeNull();
  });

  test('a step this visitor does not take (retail at the location check)', () => {
    expect(flowProgress(ctx(LOGGED, { retail: true }), ROUTES.locationCheck)).toBeNull();
  });
});

/**
 * The counter's total must not move under the visitor. Each walk is the
 * FlowContext a real visitor has at each screen, in order, as the flow status gives it.
 */
describe('flowProgress: the total stays the same from the first step to the last', () => {
  const INSIDE = { insideUae: true } as const;
  const VERIFIED = { ...LOGGED, is_id_verified: true };
  // Plan, number and login on the way to the location check (the same on every walk inside the UAE).
  const TO_LOCATION_CHECK: Array<[string, FlowContext]> = [
    [ROUTES.planSelection, ctx()],
    [ROUTES.number, ctx({ is_plan_selected: true })],
    [ROUTES.login, ctx(PICKED)],
    [ROUTES.locationCheck, ctx(LOGGED)],
  ];
  const walks: Record<string, Array<[string, FlowContext]>> = {
    'a tourist with store pickup': [
      [ROUTES.planSelection, ctx()],
      [ROUTES.number, ctx({ is_plan_selected: true })],
      [ROUTES.numberConfirmation, ctx(PICKED)],
      [ROUTES.login, ctx(PICKED)],
      [ROUTES.locationCheck, ctx(LOGGED)],
      [ROUTES.activationMethod, ctx(LOGGED, INSIDE)],
      [ROUTES.uploadDocument, ctx(LOGGED, INSIDE)],
      [ROUTES.scanFace, ctx(LOGGED, INSIDE)],
      [ROUTES.idCheck, ctx(VERIFIED, INSIDE)],
      [ROUTES.payment, ctx(VERIFIED, { ...INSIDE, residentType: 'non_resident', simType: 'physical' })],
      [ROUTES.storePickup, ctx({ ...PAID, is_id_verified: true }, { ...INSIDE, residentType: 'non_resident', simType: 'physical' })],
    ],
    'a tourist with an instant eSIM': [
      ...TO_LOCATION_CHECK,
      [ROUTES.scanDocument, ctx(LOGGED, INSIDE)],
      [ROUTES.idCheck, ctx(VERIFIED, { ...INSIDE, residentType: 'non_resident', simType: 'esim' })],
      [ROUTES.payment, ctx(VERIFIED, { ...INSIDE, residentType: 'non_resident', simType: 'esim' })],
    ],
    'a resident with cash on delivery': [
      ...TO_LOCATION_CHECK,
      [ROUTES.activationMethod, ctx(LOGGED, INSIDE)],
      [ROUTES.scanFace, ctx(LOGGED, INSIDE)],
      [ROUTES.idCheck, ctx(VERIFIED, INSIDE)],
      [ROUTES.submitDelivery, ctx({ ...LOGGED, is_id_verified: true, is_resident_done: true }, { ...INSIDE, residentType: 'resident', simType: 'physical', hasDeliveryForm: true })],
    ],
    'a visitor outside the UAE': [
      [ROUTES.planSelection, ctx()],
      [ROUTES.login, ctx(PICKED)],
      [ROUTES.locationCheck, ctx(LOGGED)],
      [ROUTES.idCheck, ctx(LOGGED, { insideUae: false })],
      [ROUTES.payment, ctx(LOGGED, { insideUae: false, residentType: 'non_resident', simType: 'physical' })],
      [ROUTES.storePickup, ctx(PAID, { insideUae: false, residentType: 'non_resident', simType: 'physical' })],
    ],
    'retail': [
      [ROUTES.planSelection, ctx({}, { retail: true })],
      [ROUTES.login, ctx(PICKED, { retail: true })],
      [ROUTES.activationMethod, ctx(LOGGED, { retail: true })],
      [ROUTES.payment, ctx(VERIFIED, { retail: true, residentType: 'non_resident', simType: 'esim' })],
    ],
  };

  test.each(Object.entries(walks))('%s', (_label, walk) => {
    const seen = walk.map(([path, c]) => {
      const p = flowProgress(c, path);
      if (!p) throw new Error(`no stepper at ${path}`);
      return { path, total: p.total, listed: p.steps.length, position: p.position };
    });
    const first = seen[0]!.total;
    for (const s of seen) {
      expect({ path: s.path, total: s.total, listed: s.listed }).toEqual({ path: s.path, total: first, listed: first });
    }
    // The position never goes back along a walk, and the last screen is the last step.
    seen.slice(1).forEach((s, i) => expect(s.position).toBeGreaterThanOrEqual(seen[i]!.position));
    expect(seen[seen.length - 1]!.position).toBe(first);
  });

  test('every path has the same total, so the first screen can promise it', () => {
    const totals = Object.values(walks).map((w) => flowProgress(w[0]![1], w[0]![0])?.total);
    expect(new Set(totals).size).toBe(1);
  });
});
