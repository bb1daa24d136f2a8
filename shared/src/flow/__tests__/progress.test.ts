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

const TOURIST = ['plan', 'number', 'account', 'location_check', 'activation_method', 'id_check', 'payment'];

describe('flowProgress: which steps a visitor sees', () => {
  test('a new tourist: seven steps, thank-you and delivery not counted, the plan current', () => {
    const p = flowProgress(ctx(), ROUTES.planSelection);
    expect(names(p)).toEqual(TOURIST);
    expect(p?.position).toBe(1);
    expect(p?.total).toBe(7);
    expect(p?.current.name).toBe('plan');
    expect(p?.current.titleKey).toBe('STEP_TITLE_PLAN');
    expect(p?.current.labelKey).toBe('progress.step.plan');
  });

  test('retail: the location check is removed from the flow', () => {
    const p = flowProgress(ctx({}, { retail: true }), ROUTES.number);
    expect(names(p)).toEqual(TOURIST.filter((n) => n !== 'location_check'));
    expect(p?.total).toBe(6);
    expect(p?.position).toBe(2);
  });

  test('a resident: no id check; with a delivery form the delivery step counts', () => {
    const resident = flowProgress(ctx(LOGGED, { residentType: 'resident' }), ROUTES.login);
    expect(names(resident)).not.toContain('id_check');
    expect(names(resident)).not.toContain('submit_delivery');
    const withForm = flowProgress(ctx(LOGGED, { residentType: 'resident', hasDeliveryForm: true }), ROUTES.login);
    expect(names(withForm)).toEqual([...TOURIST.filter((n) => n !== 'id_check'), 'submit_delivery']);
  });

  test('resident validation done and nothing paid: the payment is skipped, so not counted', () => {
    const p = flowProgress(ctx({ ...LOGGED, is_resident_done: true }, { residentType: 'resident', hasDeliveryForm: true, insideUae: true }), ROUTES.submitDelivery);
    expect(names(p)).not.toContain('payment');
    expect(p?.current.name).toBe('submit_delivery');
    expect(p?.position).toBe(p?.total);
  });

  test('outside the UAE: activation can never open, so it is not counted', () => {
    const p = flowProgress(ctx(LOGGED, { insideUae: false }), ROUTES.locationCheck);
    expect(names(p)).toEqual(TOURIST.filter((n) => n !== 'activation_method'));
    expect(p?.current.name).toBe('location_check');
  });

  test('paid without a location check: location and activation skipped, not counted', () => {
    const p = flowProgress(ctx(PAID), ROUTES.paymentConfirmation);
    expect(names(p)).toEqual(['plan', 'number', 'account', 'id_check', 'payment']);
    expect(marks(p)).toBe('plan:done number:done account:done id_check:done payment:current');
  });

  test('paid after the location check inside the UAE: both stay, done', () => {
    const p = flowProgress(ctx(PAID, { insideUae: true }), ROUTES.paymentConfirmation);
    expect(names(p)).toEqual(TOURIST);
    expect(marks(p)).toBe(
      'plan:done number:done account:done location_check:done activation_method:done id_check:done payment:current',
    );
  });
});

describe('flowProgress: done, current, remaining', () => {
  test('plan selected, on the number step: plan done, the rest remaining', () => {
    const p = flowProgress(ctx({ is_plan_selected: true }), ROUTES.number);
    expect(marks(p)).toBe(
      'plan:done number:current account:remaining location_check:remaining activation_method:remaining id_check:remaining payment:remaining',
    );
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
    expect(marks(p)).toBe(
      'plan:done number:done account:done location_check:done activation_method:done id_check:done payment:current',
    );
    // ...but not before: on the activation step the id check is still to come.
    const at = flowProgress(ctx(LOGGED, { insideUae: true }), ROUTES.scanFace);
    expect(marks(at)).toContain('activation_method:current id_check:remaining payment:remaining');
  });

  test('a non-resident whose id details are in has the id check done even before reaching it', () => {
    const p = flowProgress(ctx(LOGGED, { residentType: 'non_resident' }), ROUTES.locationCheck);
    expect(marks(p)).toContain('id_check:done');
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
