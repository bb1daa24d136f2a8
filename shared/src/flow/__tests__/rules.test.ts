import type { FlowStatusFlags } from '../../schemas/entities';
import { EMPTY_FLOW_FLAGS } from '../../schemas/entities';
import type { FlowContext } from '../rules';
import {
  START_ROUTE,
  hasPasswordLogin,
  isDone,
  isProperlyLoggedIn,
  isRouteAllowed,
  isStepAllowed,
  recommendedRoute,
  skipFlags,
} from '../rules';
import { ROUTES } from '../steps';
import { routeAfterOrderPlaced, routeAfterPayment } from '../outcomes';
import { allowedSteps, ctx, flags, PAYABLE, PICKED, PICKED_LOGGED } from './flow-fixtures';

describe('isDone and login', () => {
  it.each(['is_delivery_in_progress', 'is_sim_delivered', 'is_sim_activated'] as const)('%s counts as done', (flag) => {
    expect(isDone(flags({ [flag]: true }))).toBe(true);
  });

  it('is not done on paid or any other flag alone', () => {
    expect(isDone(flags())).toBe(false);
    expect(isDone(flags({ is_plan_paid: true, is_logged_in_via_email: true, is_resident_done: true }))).toBe(false);
  });

  it('counts only an email login as a proper login', () => {
    expect(isProperlyLoggedIn(flags({ is_logged_in_via_email: true }))).toBe(true);
    expect(isProperlyLoggedIn(flags({ has_password: true }))).toBe(false);
    expect(hasPasswordLogin(flags({ is_logged_in_via_email: true, has_password: true }))).toBe(true);
    expect(hasPasswordLogin(flags({ is_logged_in_via_email: true }))).toBe(false);
    expect(hasPasswordLogin(flags({ has_password: true }))).toBe(false);
  });
});

describe('isStepAllowed: access rules of SPEC section 2', () => {
  it('allows only plan and number on a fresh session', () => {
    expect(allowedSteps(ctx())).toEqual(['plan', 'number']);
  });

  it.each(['plan', 'number'] as const)('%s: allowed unless paid or done', (step) => {
    expect(isStepAllowed(step, ctx(PICKED_LOGGED))).toBe(true);
    expect(isStepAllowed(step, ctx({ is_plan_paid: true }))).toBe(false);
    expect(isStepAllowed(step, ctx({ is_sim_activated: true }))).toBe(false);
  });

  it('account: plan and number, or an email login with a password', () => {
    expect(isStepAllowed('account', ctx(PICKED))).toBe(true);
    expect(isStepAllowed('account', ctx({ is_logged_in_via_email: true, has_password: true }))).toBe(true);
    expect(isStepAllowed('account', ctx({ is_plan_selected: true }))).toBe(false);
    expect(isStepAllowed('account', ctx({ is_number_selected: true }))).toBe(false);
    expect(isStepAllowed('account', ctx({ is_logged_in_via_email: true }))).toBe(false);
    expect(isStepAllowed('account', ctx({ has_password: true }))).toBe(false);
  });

  it('location_check: properly logged in and not retail', () => {
    expect(isStepAllowed('location_check', ctx({ is_logged_in_via_email: true }))).toBe(true);
    expect(isStepAllowed('location_check', ctx({ is_logged_in_via_email: true }, { retail: true }))).toBe(false);
    expect(isStepAllowed('location_check', ctx(PICKED))).toBe(false);
  });

  it('activation_method: number, email login and inside the UAE', () => {
    const ok = { is_number_selected: true, is_logged_in_via_email: true } as const;
    expect(isStepAllowed('activation_method', ctx(ok, { insideUae: true }))).toBe(true);
    expect(isStepAllowed('activation_method', ctx(ok, { insideUae: false }))).toBe(false);
    expect(isStepAllowed('activation_method', ctx(ok, { insideUae: null }))).toBe(false);
    expect(isStepAllowed('activation_method', ctx(ok))).toBe(false);
    expect(isStepAllowed('activation_method', ctx({ is_number_selected: true }, { insideUae: true }))).toBe(false);
    expect(isStepAllowed('activation_method', ctx({ is_logged_in_via_email: true }, { insideUae: true }))).toBe(false);
  });

  it('activation_method: a retail device counts as inside the UAE', () => {
    const ok = { is_number_selected: true, is_logged_in_via_email: true } as const;
    expect(isStepAllowed('activation_method', ctx(ok, { retail: true }))).toBe(true);
  });

  it('id_check: plan and number, not paid, not done, not a resident; as the activation check, logged in and inside the UAE', () => {
    const inside = { insideUae: true } as const;
    expect(isStepAllowed('id_check', ctx(PICKED_LOGGED, inside))).toBe(true);
    expect(isStepAllowed('id_check', ctx(PICKED_LOGGED, { ...inside, residentType: 'non_resident' }))).toBe(true);
    expect(isStepAllowed('id_check', ctx(PICKED_LOGGED, { retail: true }))).toBe(true);
    expect(isStepAllowed('id_check', ctx(PICKED_LOGGED, { ...inside, residentType: 'resident' }))).toBe(false);
    expect(isStepAllowed('id_check', ctx(PICKED, inside))).toBe(false);
    expect(isStepAllowed('id_check', ctx(PICKED_LOGGED))).toBe(false);
    expect(isStepAllowed('id_check', ctx(PICKED_LOGGED, { insideUae: false }))).toBe(false);
    expect(isStepAllowed('id_check', ctx({ ...PICKED_LOGGED, is_plan_selected: false }, inside))).toBe(false);
    expect(isStepAllowed('id_check', ctx({ ...PICKED_LOGGED, is_number_selected: false }, inside))).toBe(false);
    expect(isStepAllowed('id_check', ctx({ ...PICKED_LOGGED, is_plan_paid: true }, inside))).toBe(false);
    expect(isStepAllowed('id_check', ctx({ ...PICKED_LOGGED, is_delivery_in_progress: true }, inside))).toBe(false);
  });

  it('payment: plan, number, email login, the identity check passed, not paid, not done', () => {
    expect(isStepAllowed('payment', ctx(PAYABLE))).toBe(true);
    // No online payment before the identity check (an eSIM is activated at once, a paid
    // physical SIM is handed over against the verified document).
    expect(isStepAllowed('payment', ctx(PICKED_LOGGED))).toBe(false);
    expect(isStepAllowed('payment', ctx({ ...PICKED_LOGGED, is_resident_done: true }))).toBe(false);
    expect(isStepAllowed('payment', ctx({ ...PICKED, is_id_verified: true }))).toBe(false);
    expect(isStepAllowed('payment', ctx({ ...PAYABLE, is_plan_selected: false }))).toBe(false);
    expect(isStepAllowed('payment', ctx({ ...PAYABLE, is_number_selected: false }))).toBe(false);
    expect(isStepAllowed('payment', ctx({ ...PAYABLE, is_plan_paid: true }))).toBe(false);
    expect(isStepAllowed('payment', ctx({ ...PAYABLE, is_sim_delivered: true }))).toBe(false);
  });

  it('submit_delivery: resident with a delivery form, not done, logged in', () => {
    const good = { residentType: 'resident', hasDeliveryForm: true } as const;
    expect(isStepAllowed('submit_delivery', ctx({ is_logged_in_via_email: true }, good))).toBe(true);
    expect(isStepAllowed('submit_delivery', ctx({}, good))).toBe(false);
    expect(isStepAllowed('submit_delivery', ctx({ is_logged_in_via_email: true }, { ...good, residentType: 'non_resident' }))).toBe(
      false,
    );
    expect(isStepAllowed('submit_delivery', ctx({ is_logged_in_via_email: true }, { ...good, hasDeliveryForm: false }))).toBe(false);
    expect(isStepAllowed('submit_delivery', ctx({ is_logged_in_via_email: true, is_sim_activated: true }, good))).toBe(false);
  });

  it('thank_you: done, or paid and properly logged in', () => {
    expect(isStepAllowed('thank_you', ctx({ is_delivery_in_progress: true }))).toBe(true);
    expect(isStepAllowed('thank_you', ctx({ is_plan_paid: true, is_logged_in_via_email: true }))).toBe(true);
    expect(isStepAllowed('thank_you', ctx({ is_plan_paid: true }))).toBe(false);
    expect(isStepAllowed('thank_you', ctx({ is_logged_in_via_email: true }))).toBe(false);
  });
});

describe('isRouteAllowed', () => {
  it('always allows the exception routes, even once done or on a fresh session', () => {
    for (const c of [ctx(), ctx({ is_sim_activated: true }), ctx({ is_plan_paid: true })]) {
      expect(isRouteAllowed(ROUTES.spotiiSuccess, c)).toBe(true);
      expect(isRouteAllowed(ROUTES.spotiiFail, c)).toBe(true);
      expect(isRouteAllowed(`${ROUTES.contractRequest}?id=1`, c)).toBe(true);
    }
  });

  it('never renders the root or an unknown path', () => {
    expect(isRouteAllowed('/', ctx())).toBe(false);
    expect(isRouteAllowed('/nope', ctx())).toBe(false);
  });

  it('gives sub-routes the rule of their step', () => {
    expect(isRouteAllowed(ROUTES.customPlan, ctx())).toBe(true);
    expect(isRouteAllowed(ROUTES.customPlan, ctx({ is_plan_paid: true }))).toBe(false);
    expect(isRouteAllowed(ROUTES.annualOffer, ctx({ is_sim_delivered: true }))).toBe(false);
    expect(isRouteAllowed(ROUTES.scanFace, ctx({ is_number_selected: true, is_logged_in_via_email: true }, { insideUae: true }))).toBe(
      true,
    );
    expect(isRouteAllowed(ROUTES.scanFace, ctx({ is_number_selected: true, is_logged_in_via_email: true }))).toBe(false);
    expect(isRouteAllowed(ROUTES.paymentQr, ctx(PAYABLE))).toBe(true);
    expect(isRouteAllowed(ROUTES.paymentQr, ctx(PICKED_LOGGED))).toBe(false);
  });

  it('terminated: a terminated email and no password login', () => {
    expect(isRouteAllowed(ROUTES.terminated, ctx({}, { terminatedEmail: 'a@b.co' }))).toBe(true);
    expect(isRouteAllowed(ROUTES.terminated, ctx({ has_password: true }, { terminatedEmail: 'a@b.co' }))).toBe(true);
    expect(
      isRouteAllowed(ROUTES.terminated, ctx({ is_logged_in_via_email: true, has_password: true }, { terminatedEmail: 'a@b.co' })),
    ).toBe(false);
    expect(isRouteAllowed(ROUTES.terminated, ctx(PICKED, { terminatedEmail: '' }))).toBe(false);
    expect(isRouteAllowed(ROUTES.terminated, ctx(PICKED, { terminatedEmail: null }))).toBe(false);
  });

  it('delivery-closed: plan, number and an email login, not done; not the delivery page rule', () => {
    const allowed = (c: FlowContext) => isRouteAllowed(ROUTES.deliveryClosed, c);
    // The delivery page needs a resident with a delivery form; the closed-area page does not.
    expect(allowed(ctx(PICKED_LOGGED))).toBe(true);
    expect(isRouteAllowed(ROUTES.submitDelivery, ctx(PICKED_LOGGED))).toBe(false);
    expect(allowed(ctx({ ...PICKED_LOGGED, is_plan_paid: true }, { residentType: 'non_resident' }))).toBe(true);
    expect(allowed(ctx(PICKED))).toBe(false);
    expect(allowed(ctx({ ...PICKED_LOGGED, is_plan_selected: false }))).toBe(false);
    expect(allowed(ctx({ ...PICKED_LOGGED, is_number_selected: false }))).toBe(false);
    expect(allowed(ctx({ ...PICKED_LOGGED, is_sim_delivered: true }, { residentType: 'resident', hasDeliveryForm: true }))).toBe(false);
  });

  it('payment confirmation: while paying, and once paid and logged in', () => {
    expect(isRouteAllowed(ROUTES.paymentConfirmation, ctx(PAYABLE))).toBe(true);
    expect(isRouteAllowed(ROUTES.paymentConfirmation, ctx(PICKED_LOGGED))).toBe(false);
    expect(isRouteAllowed(ROUTES.paymentConfirmation, ctx({ ...PICKED_LOGGED, is_plan_paid: true }))).toBe(true);
    expect(isRouteAllowed(ROUTES.payment, ctx({ ...PICKED_LOGGED, is_plan_paid: true }))).toBe(false);
    expect(isRouteAllowed(ROUTES.paymentConfirmation, ctx({ ...PICKED, is_plan_paid: true }))).toBe(false);
  });
});

describe('skipFlags', () => {
  it('skips nothing on a fresh session', () => {
    expect(Object.values(skipFlags(ctx())).some(Boolean)).toBe(false);
  });

  it('skips each step on its own flag', () => {
    expect(skipFlags(ctx({ is_plan_selected: true })).plan).toBe(true);
    expect(skipFlags(ctx({ is_number_selected: true })).number).toBe(true);
    expect(skipFlags(ctx({ is_logged_in_via_email: true })).account).toBe(true);
    expect(skipFlags(ctx({ is_plan_paid: true })).activation_method).toBe(true);
    expect(skipFlags(ctx({ is_resident_done: true })).payment).toBe(true);
    expect(skipFlags(ctx({}, { retail: true })).location_check).toBe(true);
    expect(skipFlags(ctx({}, { insideUae: true })).location_check).toBe(true);
    expect(skipFlags(ctx({ is_plan_paid: true })).location_check).toBe(true);
    expect(skipFlags(ctx({}, { insideUae: false })).location_check).toBe(false);
  });

  it('skips the activation method once the identity check passed, or for a non-resident once the SIM type is chosen', () => {
    const inside = { insideUae: true } as const;
    expect(skipFlags(ctx(PICKED_LOGGED, inside)).activation_method).toBe(false);
    expect(skipFlags(ctx(PICKED_LOGGED, { ...inside, residentType: 'resident', simType: 'esim' })).activation_method).toBe(false);
    expect(skipFlags(ctx(PICKED_LOGGED, { ...inside, residentType: 'non_resident' })).activation_method).toBe(false);
    expect(skipFlags(ctx(PICKED_LOGGED, { ...inside, residentType: 'non_resident', simType: 'physical' })).activation_method).toBe(true);
    expect(skipFlags(ctx({ ...PICKED_LOGGED, is_resident_done: true })).activation_method).toBe(true);
    expect(skipFlags(ctx({ ...PICKED_LOGGED, is_id_verified: true })).activation_method).toBe(true);
    expect(skipFlags(ctx({ is_id_verified: true })).id_check).toBe(true);
    expect(skipFlags(ctx({ is_resident_done: true })).id_check).toBe(false);
  });

  it('never skips delivery or thank-you', () => {
    const all = ctx(
      Object.fromEntries(Object.keys(EMPTY_FLOW_FLAGS).map((k) => [k, true])),
      { retail: true, insideUae: true, residentType: 'resident', hasDeliveryForm: true },
    );
    const s = skipFlags(all);
    expect([s.submit_delivery, s.thank_you]).toEqual([false, false]);
  });
});

describe('the two identity paths (mfe-identity/README.md)', () => {
  const at = (on: Partial<FlowStatusFlags>, extra: Omit<Partial<FlowContext>, 'flags'> = {}) =>
    recommendedRoute(ctx({ ...PICKED_LOGGED, ...on }, { insideUae: true, navigatingInApp: true, ...extra }));

  it('a resident with a physical SIM: activation method, Emirates ID and face there, no payment, then delivery', () => {
    expect(at({})).toBe(ROUTES.activationMethod);
    expect(at({}, { residentType: 'resident', simType: 'physical' })).toBe(ROUTES.activationMethod);
    expect(at({ is_resident_done: true }, { residentType: 'resident', simType: 'physical', hasDeliveryForm: true })).toBe(ROUTES.submitDelivery);
    expect(at({ is_resident_done: true, is_delivery_in_progress: true }, { residentType: 'resident', simType: 'physical', hasDeliveryForm: true })).toBe(ROUTES.thankYou);
  });

  it('a resident with an eSIM: verified on the activation method, then payment, then thank-you', () => {
    expect(at({}, { residentType: 'resident', simType: 'esim' })).toBe(ROUTES.activationMethod);
    expect(at({ is_id_verified: true }, { residentType: 'resident', simType: 'esim' })).toBe(ROUTES.payment);
    expect(at({ is_id_verified: true, is_plan_paid: true }, { residentType: 'resident', simType: 'esim' })).toBe(ROUTES.thankYou);
  });

  it('a non-resident: activation method, then the id check with the passport, then payment (pay and collect, or eSIM)', () => {
    for (const simType of ['esim', 'physical'] as const) {
      expect(at({}, { residentType: 'non_resident', simType })).toBe(ROUTES.idCheck);
      expect(at({ is_id_verified: true }, { residentType: 'non_resident', simType })).toBe(ROUTES.payment);
      const paid = at({ is_id_verified: true, is_plan_paid: true }, { residentType: 'non_resident', simType });
      // Pay and collect: the store to collect from, then thank-you once the order is placed.
      expect(paid).toBe(simType === 'physical' ? ROUTES.storePickup : ROUTES.thankYou);
    }
    expect(
      at({ is_id_verified: true, is_plan_paid: true, is_delivery_in_progress: true }, { residentType: 'non_resident', simType: 'physical' }),
    ).toBe(ROUTES.thankYou);
  });
});

describe('after the payment', () => {
  const after = (on: Partial<FlowStatusFlags>, extra: Omit<Partial<FlowContext>, 'flags'>) =>
    routeAfterPayment(ctx({ ...PICKED_LOGGED, is_plan_paid: true, ...on }, { insideUae: true, navigatingInApp: true, ...extra }));

  it('goes to the thank-you page for an eSIM', () => {
    expect(after({ is_id_verified: true }, { residentType: 'resident', simType: 'esim' })).toBe(ROUTES.thankYou);
    expect(after({ is_id_verified: true }, { residentType: 'non_resident', simType: 'esim' })).toBe(ROUTES.thankYou);
  });

  it('goes to the store pickup for a visitor with a physical SIM (pay and collect)', () => {
    expect(after({ is_id_verified: true }, { residentType: 'non_resident', simType: 'physical' })).toBe(ROUTES.storePickup);
  });

  it('the store pickup: open to a paid physical SIM and to a resident with a delivery form, closed once the order is placed', () => {
    const pickup = (on: Partial<FlowStatusFlags>, extra: Omit<Partial<FlowContext>, 'flags'>) =>
      isRouteAllowed(ROUTES.storePickup, ctx({ ...PICKED_LOGGED, ...on }, { insideUae: true, ...extra }));
    expect(pickup({ is_plan_paid: true }, { residentType: 'non_resident', simType: 'physical' })).toBe(true);
    expect(pickup({}, { residentType: 'non_resident', simType: 'physical' })).toBe(false);
    expect(pickup({ is_plan_paid: true }, { residentType: 'non_resident', simType: 'esim' })).toBe(false);
    expect(pickup({ is_resident_done: true }, { residentType: 'resident', simType: 'physical', hasDeliveryForm: true })).toBe(true);
    expect(pickup({ is_plan_paid: true, is_delivery_in_progress: true }, { residentType: 'non_resident', simType: 'physical' })).toBe(false);
    expect(pickup({ is_plan_paid: true, is_logged_in_via_email: false }, { residentType: 'non_resident', simType: 'physical' })).toBe(false);
    expect(routeAfterOrderPlaced(ctx({ ...PICKED_LOGGED, is_plan_paid: true, is_delivery_in_progress: true }))).toBe(ROUTES.thankYou);
  });

  it('goes to the delivery when a resident has a delivery form', () => {
    expect(after({ is_id_verified: true }, { residentType: 'resident', simType: 'esim', hasDeliveryForm: true })).toBe(ROUTES.submitDelivery);
  });

  it('never back to the payment once paid', () => {
    expect(isRouteAllowed(ROUTES.payment, ctx({ ...PICKED_LOGGED, is_plan_paid: true }))).toBe(false);
    expect(isRouteAllowed(ROUTES.paymentConfirmation, ctx({ ...PICKED_LOGGED, is_plan_paid: true }))).toBe(true);
  });
});

describe('recommendedRoute', () => {
  it('1: thank-you once done, before every other rule', () => {
    expect(recommendedRoute(ctx({ is_sim_delivered: true, is_number_selected: true }, { vipFilter: true }))).toBe(ROUTES.thankYou);
  });

  it('2: the number step when a number is selected, unpaid, on a fresh load', () => {
    expect(recommendedRoute(ctx(PICKED_LOGGED))).toBe(ROUTES.number);
    expect(recommendedRoute(ctx({ is_number_selected: true }, { vipFilter: true }))).toBe(ROUTES.number);
  });

  it('2 does not apply inside the app or once paid', () => {
    expect(recommendedRoute(ctx(PICKED, { navigatingInApp: true }))).toBe(ROUTES.login);
    expect(recommendedRoute(ctx({ ...PICKED_LOGGED, is_plan_paid: true }))).toBe(ROUTES.thankYou);
  });

  it('4 before 3: the search page for a vip filter or search with no number yet', () => {
    expect(recommendedRoute(ctx({}, { vipFilter: true }))).toBe(ROUTES.numberSearch);
    expect(recommendedRoute(ctx({ is_plan_selected: true }, { searchActive: true }))).toBe(ROUTES.numberSearch);
    expect(recommendedRoute(ctx({ is_plan_selected: true }))).toBe(ROUTES.number);
  });

  it('4 does not apply once the number step is closed', () => {
    expect(recommendedRoute(ctx({ is_plan_paid: true, is_logged_in_via_email: true }, { vipFilter: true }))).toBe(ROUTES.thankYou);
  });

  it('5: the start route with no flags at all', () => {
    expect(recommendedRoute(ctx())).toBe(START_ROUTE);
    expect(START_ROUTE).toBe('/plan-selection');
  });

  it('3: the first allowed step its skip flags do not skip', () => {
    expect(recommendedRoute(ctx({ is_plan_selected: true }))).toBe(ROUTES.number);
    expect(recommendedRoute(ctx({ is_number_selected: true }, { navigatingInApp: true }))).toBe(ROUTES.planSelection);
    expect(recommendedRoute(ctx(PICKED_LOGGED, { navigatingInApp: true }))).toBe(ROUTES.locationCheck);
    expect(recommendedRoute(ctx(PICKED_LOGGED, { navigatingInApp: true, insideUae: true }))).toBe(ROUTES.activationMethod);
    expect(recommendedRoute(ctx(PICKED_LOGGED, { navigatingInApp: true, retail: true }))).toBe(ROUTES.activationMethod);
    expect(
      recommendedRoute(
        ctx({ ...PICKED_LOGGED, is_plan_paid: true }, { residentType: 'resident', hasDeliveryForm: true, insideUae: true }),
      ),
    ).toBe(ROUTES.submitDelivery);
  });

  it('paid but not logged in: the login step', () => {
    expect(recommendedRoute(ctx({ ...PICKED, is_plan_paid: true }))).toBe(ROUTES.login);
  });

  it('gives /login when no step is allowed at all', () => {
    const stuck = ctx({ is_plan_paid: true });
    expect(allowedSteps(stuck)).toEqual([]);
    expect(recommendedRoute(stuck)).toBe(ROUTES.login);
  });
});

