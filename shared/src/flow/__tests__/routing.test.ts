import { RETAIL_IDLE_MS_LONG, RETAIL_IDLE_MS_SHORT } from '../../constants';
import type { FlowContext } from '../rules';
import { isRouteAllowed, nextRoute, recommendedRoute, resolveRoute } from '../rules';
import { backRoute, clearsOnBack, retailBack, withResidencyCleared } from '../back-rules';
import {
  canEditPlan,
  canEditStep,
  cartOpensSummary,
  cartVisible,
  headerVariant,
  legacyRedirectUrl,
  retailIdleMs,
  rewriteLegacyPath,
} from '../shell-rules';
import { ROUTES } from '../steps';
import { allowedSteps, ctx, flags, PAYABLE, PICKED, PICKED_LOGGED } from './flow-fixtures';

describe('resolveRoute', () => {
  const everyRoute = Object.values(ROUTES);

  it('sends unknown paths to the root and the root to the recommended route', () => {
    expect(resolveRoute('/nope', ctx())).toEqual({ kind: 'redirect', to: '/' });
    expect(resolveRoute('/plan-selection/x', ctx())).toEqual({ kind: 'redirect', to: '/' });
    expect(resolveRoute('/', ctx())).toEqual({ kind: 'redirect', to: '/plan-selection' });
    expect(resolveRoute('', ctx({ is_sim_activated: true }))).toEqual({ kind: 'redirect', to: '/thank-you' });
  });

  it('fresh session: what every route does', () => {
    const c = ctx();
    const table = Object.fromEntries(everyRoute.map((r) => [r, resolveRoute(r, c)]));
    const render = { kind: 'render' };
    // Where a fresh visitor's flow begins: plan selection, never the number step ahead of it.
    const toPlan = { kind: 'redirect', to: ROUTES.planSelection };
    expect(table).toEqual({
      '/': { kind: 'redirect', to: '/plan-selection' },
      '/plan-selection': render,
      '/plan-selection/annual-offer': render,
      '/plan-selection/custom-plan': render,
      '/number': render,
      '/number/search': render,
      '/number/transfer': render,
      '/number/transfer-terms': render,
      '/number/confirmation': render,
      // Later than the recommended plan step: back to where the flow is, plan selection (a
      // deep link to /payment or /thank-you used to land on /number, before any plan).
      '/login': toPlan,
      '/login/terminated': toPlan,
      '/location_check': toPlan,
      '/activation_method': toPlan,
      '/activation_method/scan_face': toPlan,
      '/activation_method/scan_document': toPlan,
      '/activation_method/upload_document': toPlan,
      '/id_check': toPlan,
      '/payment': toPlan,
      '/payment/confirmation': toPlan,
      '/payment/payfort_token': toPlan,
      '/payment/installments': toPlan,
      '/submit_delivery': toPlan,
      '/submit_delivery/store': toPlan,
      '/thank-you': toPlan,
      '/payment-qr': toPlan,
      '/delivery-closed': toPlan,
      '/instalments': toPlan,
      '/spotii-success': render,
      '/spotii-fail': render,
      '/contract-request': render,
    });
  });

  it('plan and number picked, not logged in: later steps go back to where the flow is, the login', () => {
    const c = ctx(PICKED);
    expect(resolveRoute(ROUTES.login, c)).toEqual({ kind: 'render' });
    // The id check is the activation's identity check: it needs the login too.
    expect(resolveRoute(ROUTES.idCheck, c)).toEqual({ kind: 'redirect', to: ROUTES.login });
    expect(resolveRoute(ROUTES.locationCheck, c)).toEqual({ kind: 'redirect', to: ROUTES.login });
    expect(resolveRoute(ROUTES.scanDocument, c)).toEqual({ kind: 'redirect', to: ROUTES.login });
    expect(resolveRoute(ROUTES.payment, c)).toEqual({ kind: 'redirect', to: ROUTES.login });
    expect(resolveRoute(ROUTES.thankYou, c)).toEqual({ kind: 'redirect', to: ROUTES.login });
    expect(resolveRoute(ROUTES.terminated, c)).toEqual({ kind: 'redirect', to: ROUTES.login });
  });

  it('a resident without a delivery form cannot reach the id check and goes back to login', () => {
    const c = ctx(PICKED, { residentType: 'resident' });
    expect(resolveRoute(ROUTES.idCheck, c)).toEqual({ kind: 'redirect', to: ROUTES.login });
    expect(resolveRoute(ROUTES.submitDelivery, c)).toEqual({ kind: 'redirect', to: ROUTES.login });
  });

  it('paid: routes left behind go to the recommended route', () => {
    const c = ctx({ ...PICKED_LOGGED, is_plan_paid: true }, { residentType: 'resident', hasDeliveryForm: true, insideUae: true });
    expect(recommendedRoute(c)).toBe(ROUTES.submitDelivery);
    expect(resolveRoute(ROUTES.planSelection, c)).toEqual({ kind: 'redirect', to: ROUTES.submitDelivery });
    expect(resolveRoute(ROUTES.customPlan, c)).toEqual({ kind: 'redirect', to: ROUTES.submitDelivery });
    expect(resolveRoute(ROUTES.numberSearch, c)).toEqual({ kind: 'redirect', to: ROUTES.submitDelivery });
    expect(resolveRoute(ROUTES.idCheck, c)).toEqual({ kind: 'redirect', to: ROUTES.submitDelivery });
    expect(resolveRoute(ROUTES.payment, c)).toEqual({ kind: 'redirect', to: ROUTES.submitDelivery });
    expect(resolveRoute(ROUTES.paymentConfirmation, c)).toEqual({ kind: 'render' });
    expect(resolveRoute(ROUTES.thankYou, c)).toEqual({ kind: 'render' });
  });

  it('done: every step that is not allowed goes to thank-you', () => {
    const c = ctx({ ...PICKED_LOGGED, is_plan_paid: true, is_sim_delivered: true });
    for (const r of [ROUTES.planSelection, ROUTES.number, ROUTES.payment, ROUTES.idCheck, ROUTES.submitDelivery, ROUTES.scanFace]) {
      expect(resolveRoute(r, c)).toEqual({ kind: 'redirect', to: ROUTES.thankYou });
    }
    expect(resolveRoute(ROUTES.thankYou, c)).toEqual({ kind: 'render' });
    expect(resolveRoute(ROUTES.spotiiFail, c)).toEqual({ kind: 'render' });
  });

  it('deep links to any later step land on the recommended route for a fresh visitor, with or without a vip start', () => {
    for (const r of [ROUTES.payment, ROUTES.thankYou, ROUTES.submitDelivery, ROUTES.idCheck, ROUTES.deliveryClosed, ROUTES.scanFace]) {
      expect(resolveRoute(r, ctx())).toEqual({ kind: 'redirect', to: recommendedRoute(ctx()) });
      expect(resolveRoute(r, ctx({}, { vipFilter: true }))).toEqual({ kind: 'redirect', to: ROUTES.numberSearch });
    }
  });

  it('goes back to a step between the recommended one and the route asked for when the flow stands there', () => {
    // A number held, fresh load: the recommended route is the number step (rule 2), the flow
    // itself stands at the location check; activation needs it first.
    const c = ctx(PICKED_LOGGED);
    expect(recommendedRoute(c)).toBe(ROUTES.number);
    expect(resolveRoute(ROUTES.scanFace, c)).toEqual({ kind: 'redirect', to: ROUTES.locationCheck });
    // Never back to a step earlier than the recommended one: the plan is open but behind it.
    const planOpen = ctx({ is_number_selected: true });
    expect(recommendedRoute(planOpen)).toBe(ROUTES.number);
    expect(resolveRoute(ROUTES.payment, planOpen)).toEqual({ kind: 'redirect', to: ROUTES.number });
  });

  it('renders the recommended route in the state where no step is allowed', () => {
    const stuck = ctx({ is_plan_paid: true });
    expect(resolveRoute(ROUTES.login, stuck)).toEqual({ kind: 'render' });
    expect(resolveRoute(ROUTES.payment, stuck)).toEqual({ kind: 'redirect', to: ROUTES.login });
  });

  describe('no redirect cycles', () => {
    // The flags the rules read (is_product_selected and is_id_verified read by none).
    const RULE_FLAGS = [
      'is_plan_selected',
      'is_number_selected',
      'is_plan_paid',
      'is_sim_delivered',
      'is_delivery_in_progress',
      'is_sim_activated',
      'is_logged_in_via_email',
      'has_password',
      'has_vip',
      'is_resident_done',
    ] as const;
    const EXTRAS: Omit<FlowContext, 'flags'>[] = [
      {},
      { navigatingInApp: true, insideUae: true },
      { residentType: 'resident', hasDeliveryForm: true, insideUae: false, terminatedEmail: 'x@y.ae' },
      { residentType: 'non_resident', retail: true, vipFilter: true },
      { searchActive: true, navigatingInApp: true, residentType: 'resident', hasDeliveryForm: true },
    ];
    const paths = [...everyRoute, '/nope', '/submit_delivery/address', '/id_check/address', '/login/x', ''];

    function follow(start: string, c: FlowContext): { end: string; hops: number } {
      let path = start;
      for (let hops = 0; hops <= 5; hops += 1) {
        const r = resolveRoute(path, c);
        if (r.kind === 'render') return { end: path, hops };
        path = r.to;
      }
      throw new Error(`no render within 5 hops from ${start} with ${JSON.stringify(c)}`);
    }

    it('ends in a render within three hops for every route and all 2^10 flag combinations', () => {
      let checked = 0;
      let maxHops = 0;
      const bad: string[] = [];
      for (let mask = 0; mask < 1 << RULE_FLAGS.length; mask += 1) {
        const on = Object.fromEntries(RULE_FLAGS.map((f, i) => [f, (mask & (1 << i)) !== 0]));
        for (const extra of EXTRAS) {
          const c = ctx(on, extra);
          const recommended = recommendedRoute(c);
          for (const p of paths) {
            const { end, hops } = follow(p, c);
            maxHops = Math.max(maxHops, hops);
            // The route rendered is allowed, or it is the recommended route (the fixed point).
            if (!isRouteAllowed(end, c) && end !== recommended) bad.push(`${p} -> ${end} with ${JSON.stringify(c)}`);
            checked += 1;
          }
        }
      }
      expect(bad).toEqual([]);
      expect(checked).toBe(1024 * EXTRAS.length * paths.length);
      expect(maxHops).toBeLessThanOrEqual(3);
    });

    it('recommends an allowed route in every state where some step is allowed', () => {
      for (let mask = 0; mask < 1 << RULE_FLAGS.length; mask += 1) {
        const on = Object.fromEntries(RULE_FLAGS.map((f, i) => [f, (mask & (1 << i)) !== 0]));
        for (const extra of EXTRAS) {
          const c = ctx(on, extra);
          if (allowedSteps(c).length > 0) expect(isRouteAllowed(recommendedRoute(c), c)).toBe(true);
        }
      }
    });
  });
});

describe('nextRoute', () => {
  it('goes to the next allowed, non-skipped step', () => {
    expect(nextRoute('plan', ctx({ is_plan_selected: true }))).toBe(ROUTES.number);
    expect(nextRoute('number', ctx(PICKED))).toBe(ROUTES.login);
    expect(nextRoute('account', ctx(PICKED_LOGGED))).toBe(ROUTES.locationCheck);
    expect(nextRoute('account', ctx(PICKED_LOGGED, { retail: true }))).toBe(ROUTES.activationMethod);
    expect(nextRoute('location_check', ctx(PICKED_LOGGED, { insideUae: true }))).toBe(ROUTES.activationMethod);
    expect(nextRoute('activation_method', ctx(PICKED_LOGGED, { insideUae: true }))).toBe(ROUTES.idCheck);
    expect(nextRoute('id_check', ctx(PAYABLE, { insideUae: true }))).toBe(ROUTES.payment);
    expect(
      nextRoute('payment', ctx({ ...PICKED_LOGGED, is_plan_paid: true }, { residentType: 'resident', hasDeliveryForm: true })),
    ).toBe(ROUTES.submitDelivery);
    expect(nextRoute('payment', ctx({ ...PICKED_LOGGED, is_plan_paid: true }))).toBe(ROUTES.thankYou);
  });

  it('passes over skipped steps', () => {
    // Resident validation done: payment is skipped, and a resident has no id check, so delivery follows activation.
    const c = ctx(
      { ...PICKED_LOGGED, is_resident_done: true },
      { insideUae: true, residentType: 'resident', hasDeliveryForm: true },
    );
    expect(nextRoute('activation_method', c)).toBe(ROUTES.submitDelivery);
    expect(nextRoute('activation_method', ctx(PAYABLE, { insideUae: true, residentType: 'resident', hasDeliveryForm: true }))).toBe(
      ROUTES.payment,
    );
  });

  it('falls back to the recommended route when nothing later is open', () => {
    expect(nextRoute('plan', ctx())).toBe(ROUTES.number);
    expect(nextRoute('number', ctx({ is_number_selected: true }))).toBe(recommendedRoute(ctx({ is_number_selected: true })));
    expect(nextRoute('thank_you', ctx({ is_sim_activated: true }))).toBe(ROUTES.thankYou);
  });
});

describe('back navigation', () => {
  it('goes from a sub-route to its step page', () => {
    expect(backRoute(ROUTES.numberSearch, ctx({ is_number_selected: true }))).toBe(ROUTES.number);
    expect(backRoute(ROUTES.customPlan, ctx())).toBe(ROUTES.planSelection);
    expect(backRoute(ROUTES.paymentQr, ctx(PAYABLE))).toBe(ROUTES.payment);
  });

  it('goes from a step page to the previous allowed, non-skipped step', () => {
    expect(backRoute(ROUTES.number, ctx())).toBe(ROUTES.planSelection);
    expect(backRoute(ROUTES.number, ctx({ is_plan_selected: true }))).toBeNull();
    expect(backRoute(ROUTES.payment, ctx(PICKED_LOGGED, { insideUae: true }))).toBe(ROUTES.idCheck);
    expect(backRoute(ROUTES.payment, ctx(PICKED_LOGGED, { insideUae: true, residentType: 'resident' }))).toBe(ROUTES.activationMethod);
  });

  it('has no back on the first step, the root, exception routes or unknown paths', () => {
    expect(backRoute(ROUTES.planSelection, ctx())).toBeNull();
    expect(backRoute('/', ctx())).toBeNull();
    expect(backRoute(ROUTES.spotiiSuccess, ctx())).toBeNull();
    expect(backRoute('/nope', ctx())).toBeNull();
  });

  it('step 6: a later screen of the id check goes back to the id check and clears residency, form and address', () => {
    const c = ctx(PICKED_LOGGED, { residentType: 'resident', hasDeliveryForm: true, insideUae: true });
    // A resident may not be on the id check; clearing the residency opens it again.
    expect(backRoute('/id_check/address', c)).toBe(ROUTES.idCheck);
    expect(backRoute('/id_check/residency', ctx(PICKED_LOGGED, { residentType: 'non_resident', insideUae: true }))).toBe(ROUTES.idCheck);
    expect(clearsOnBack('/id_check/address')).toEqual(['residency', 'deliveryForm', 'address']);
    expect(clearsOnBack('/id_check/delivery-form/')).toEqual(['residency', 'deliveryForm', 'address']);
    expect(clearsOnBack(ROUTES.idCheck)).toEqual([]);
    expect(clearsOnBack(ROUTES.payment)).toEqual([]);
  });

  it('the first address step goes back to the residency check and clears residency, form and address; later sub-steps to an earlier one', () => {
    // A resident verified for a physical SIM (is_resident_done): payment skipped, delivery open.
    const c = ctx({ ...PICKED_LOGGED, is_resident_done: true }, { residentType: 'resident', simType: 'physical', hasDeliveryForm: true, insideUae: true });
    expect(clearsOnBack(ROUTES.submitDelivery)).toEqual(['residency', 'deliveryForm', 'address']);
    expect(backRoute(ROUTES.submitDelivery, c)).toBe(ROUTES.activationMethod);
    // Once cleared, the residency check is where the flow is (the answers are asked again).
    expect(recommendedRoute({ ...withResidencyCleared(c), navigatingInApp: true })).toBe(ROUTES.activationMethod);
    // An earlier address sub-step: back to the map, clearing nothing.
    expect(clearsOnBack('/submit_delivery/details')).toEqual([]);
    expect(backRoute('/submit_delivery/details', c)).toBe(ROUTES.submitDelivery);
    expect(clearsOnBack(ROUTES.storePickup)).toEqual([]);
    // Outside the UAE the residency check is closed: the generic rule (the location check).
    expect(backRoute(ROUTES.submitDelivery, { ...c, insideUae: false })).toBe(ROUTES.locationCheck);
    const paid = ctx({ ...PICKED_LOGGED, is_plan_paid: true }, { residentType: 'resident', hasDeliveryForm: true, insideUae: false });
    // Every earlier step is closed or skipped once paid: no in-app back.
    expect(backRoute(ROUTES.submitDelivery, paid)).toBeNull();
  });

  it('a later id check screen falls back to the generic rule once the id check is closed (paid)', () => {
    const paid = ctx({ ...PICKED_LOGGED, is_plan_paid: true }, { residentType: 'non_resident', insideUae: true });
    expect(backRoute('/id_check/address', paid)).toBeNull();
  });

  it('retail: leaves from the plan page, scan_face to scan_document, else the plan step without the summary', () => {
    expect(retailBack(ROUTES.planSelection)).toEqual({ kind: 'leave-to-retail-start' });
    expect(retailBack('/plan-selection/')).toEqual({ kind: 'leave-to-retail-start' });
    expect(retailBack(ROUTES.scanFace)).toEqual({ kind: 'route', to: ROUTES.scanDocument });
    // A visitor's passport path: its face scan returns to its document scan, not out to the plans.
    expect(retailBack('/id_check/face')).toEqual({ kind: 'route', to: ROUTES.idCheck });
    expect(retailBack('/id_check/upload')).toEqual({ kind: 'route', to: ROUTES.planSelection, clearSummary: true });
    expect(retailBack(ROUTES.customPlan)).toEqual({ kind: 'route', to: ROUTES.planSelection, clearSummary: true });
    expect(retailBack(ROUTES.payment)).toEqual({ kind: 'route', to: ROUTES.planSelection, clearSummary: true });
    expect(retailBack(ROUTES.scanDocument)).toEqual({ kind: 'route', to: ROUTES.planSelection, clearSummary: true });
  });
});

describe('shell rules', () => {
  it.each([
    [ROUTES.planSelection, 'plain'],
    [ROUTES.customPlan, 'plain'],
    [ROUTES.payment, 'plain'],
    [ROUTES.paymentInstallments, 'plain'],
    [ROUTES.instalments, 'plain'],
    [ROUTES.number, 'slanted'],
    [ROUTES.login, 'slanted'],
    [ROUTES.idCheck, 'slanted'],
    [ROUTES.thankYou, 'slanted'],
    [ROUTES.spotiiSuccess, 'slanted'],
  ])('header on %s is %s', (path, variant) => {
    expect(headerVariant(path, false)).toBe(variant);
  });

  it('uses the retail header everywhere in retail mode', () => {
    expect(headerVariant(ROUTES.payment, true)).toBe('retail');
    expect(headerVariant(ROUTES.login, true)).toBe('retail');
  });

  it('shows the cart before the payment step only', () => {
    expect(cartVisible(ROUTES.planSelection)).toBe(true);
    expect(cartVisible(ROUTES.numberSearch)).toBe(true);
    expect(cartVisible(ROUTES.idCheck)).toBe(true);
    expect(cartVisible(ROUTES.payment)).toBe(false);
    expect(cartVisible(ROUTES.paymentQr)).toBe(false);
    expect(cartVisible(ROUTES.thankYou)).toBe(false);
    expect(cartVisible(ROUTES.spotiiFail)).toBe(false);
    expect(cartVisible('/')).toBe(false);
  });

  it('opens the summary only once a plan or number is selected', () => {
    expect(cartOpensSummary(flags())).toBe(false);
    expect(cartOpensSummary(flags({ is_plan_selected: true }))).toBe(true);
    expect(cartOpensSummary(flags({ is_number_selected: true }))).toBe(true);
  });

  it('does not let a VIP number edit its plan', () => {
    expect(canEditPlan(ctx(PICKED))).toBe(true);
    expect(canEditPlan(ctx({ ...PICKED, has_vip: true }))).toBe(false);
    expect(canEditPlan(ctx({ ...PICKED, is_plan_paid: true }))).toBe(false);
    expect(canEditStep('plan', ctx({ ...PICKED, has_vip: true }))).toBe(false);
    expect(canEditStep('number', ctx({ ...PICKED, has_vip: true }))).toBe(true);
    expect(canEditStep('submit_delivery', ctx(PICKED))).toBe(false);
  });

  it('waits longer before the retail idle popup on plan selection and login', () => {
    expect(retailIdleMs(ROUTES.planSelection)).toBe(RETAIL_IDLE_MS_LONG);
    expect(retailIdleMs(ROUTES.login)).toBe(RETAIL_IDLE_MS_LONG);
    expect(retailIdleMs(ROUTES.number)).toBe(RETAIL_IDLE_MS_SHORT);
    expect(retailIdleMs('/')).toBe(RETAIL_IDLE_MS_SHORT);
  });
});

describe('rewriteLegacyPath', () => {
  it.each<[string, string, string, string | null]>([
    ['/join/spotii-success', '?order=1', '/join/', '/spotii-success?order=1'],
    ['/join/spotii-fail', '', '/join', '/spotii-fail'],
    ['/join/contract-request/', 'id=7', '/join/', '/contract-request?id=7'],
    ['/spotii-success', '?a=b', '/', '/spotii-success?a=b'],
    ['/join/x/spotii-fail', '?', '/join/', '/spotii-fail'],
  ])('%s%s under %s -> %s', (pathname, search, base, expected) => {
    expect(rewriteLegacyPath(pathname, search, base)).toBe(expected);
  });

  it.each<[string, string]>([
    ['/join/', '/join/'],
    ['/join/plan-selection', '/join/'],
    ['/other/spotii-success', '/join/'],
    ['/joinx/spotii-success', '/join'],
    ['/join/spotii-successful', '/join/'],
  ])('leaves %s under %s alone', (pathname, base) => {
    expect(rewriteLegacyPath(pathname, '?x=1', base)).toBeNull();
  });

  it('builds the hash URL to replace the location with', () => {
    expect(legacyRedirectUrl('/join/spotii-success', '?order=1', '/join/')).toBe('/join/#/spotii-success?order=1');
    expect(legacyRedirectUrl('/join/spotii-success', '', '/join')).toBe('/join/#/spotii-success');
    expect(legacyRedirectUrl('/join/', '', '/join/')).toBeNull();
  });
});
