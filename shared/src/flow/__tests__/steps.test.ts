import type { StepName } from '../steps';
import {
  EXCEPTION_ROUTES,
  ROUTES,
  STEPS,
  STEP_NAMES,
  STEP_OWNED_ROUTES,
  isExceptionPath,
  isKnownPath,
  isStepRoute,
  ownerStepForPath,
  normalizePath,
  stepByName,
  stepForPath,
} from '../steps';

describe('ROUTES', () => {
  it('holds the paths of the spec, each once', () => {
    const paths = Object.values(ROUTES);
    expect(new Set(paths).size).toBe(paths.length);
    expect(ROUTES.planSelection).toBe('/plan-selection');
    expect(ROUTES.customPlan).toBe('/plan-selection/custom-plan');
    expect(ROUTES.terminated).toBe('/login/terminated');
    expect(ROUTES.scanFace).toBe('/activation_method/scan_face');
    expect(ROUTES.payfortToken).toBe('/payment/payfort_token');
    expect(ROUTES.thankYou).toBe('/thank-you');
    expect(ROUTES.contractRequest).toBe('/contract-request');
  });
});

describe('STEPS', () => {
  it('lists the nine steps in order 1..9', () => {
    expect(STEPS.map((s) => [s.order, s.name])).toEqual([
      [1, 'plan'],
      [2, 'number'],
      [3, 'account'],
      [4, 'location_check'],
      [5, 'activation_method'],
      [6, 'id_check'],
      [7, 'payment'],
      [8, 'submit_delivery'],
      [9, 'thank_you'],
    ]);
    expect(STEP_NAMES).toHaveLength(9);
  });

  it('gives each step its route, and the module that renders it from the module registry', () => {
    const table = Object.fromEntries(STEPS.map((s) => [s.name, [s.route, s.remote]]));
    expect(table).toEqual({
      plan: ['/plan-selection', 'plan'],
      number: ['/number', 'number'],
      account: ['/login', 'identity'],
      location_check: ['/location_check', 'identity'],
      activation_method: ['/activation_method', 'identity'],
      id_check: ['/id_check', 'identity'],
      payment: ['/payment', 'payment'],
      // Not registered yet (their modules come with their issues): coming soon.
      submit_delivery: ['/submit_delivery', 'delivery'],
      thank_you: ['/thank-you', 'delivery'],
    });
  });

  it('keys titles and loading texts by the upper-case step name', () => {
    expect(stepByName('location_check').titleKey).toBe('STEP_TITLE_LOCATION_CHECK');
    expect(stepByName('thank_you').loadingKey).toBe('LOADING_MESSAGE_THANK_YOU');
    for (const s of STEPS) expect(s.loadingKey).toBe(`LOADING_MESSAGE_${s.name.toUpperCase()}`);
  });

  it('puts every sub-route under its step path', () => {
    for (const s of STEPS) for (const r of s.subRoutes) expect(r.startsWith(`${s.route}/`)).toBe(true);
  });

  it('throws for a name that is not a step', () => {
    expect(() => stepByName('nope' as StepName)).toThrow('unknown step');
  });
});

describe('normalizePath', () => {
  it.each([
    ['', '/'],
    ['/', '/'],
    ['/login/', '/login'],
    ['/login?x=1', '/login'],
    ['/login#a', '/login'],
    ['login', '/login'],
    ['//', '/'],
  ])('%j -> %j', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });
});

describe('stepForPath', () => {
  it.each<[string, StepName | null]>([
    ['/plan-selection', 'plan'],
    ['/plan-selection/annual-offer', 'plan'],
    ['/plan-selection/custom-plan/', 'plan'],
    ['/number/transfer-terms', 'number'],
    ['/login/terminated', 'account'],
    ['/activation_method/upload_document', 'activation_method'],
    ['/id_check', 'id_check'],
    // The id check's later screens (residency, delivery form, address) are its own to route.
    ['/id_check/address', 'id_check'],
    ['/payment/installments', 'payment'],
    ['/payment-qr', 'payment'],
    ['/instalments', 'payment'],
    ['/delivery-closed', 'submit_delivery'],
    ['/submit_delivery/address/2', 'submit_delivery'],
    ['/thank-you', 'thank_you'],
    ['/', null],
    ['/spotii-success', null],
    ['/plan-selection/unknown', null],
    ['/login/nope', null],
    ['/paymentx', null],
    ['/thank-you/extra', null],
  ])('%s -> %s', (path, expected) => {
    expect(stepForPath(path)?.name ?? null).toBe(expected);
  });

  it('maps every owned route to its step', () => {
    for (const { route, step } of STEP_OWNED_ROUTES) expect(stepForPath(route)?.name).toBe(step);
  });
});

describe('isKnownPath and isExceptionPath', () => {
  it('knows every route of the table', () => {
    for (const r of Object.values(ROUTES)) expect(isKnownPath(r)).toBe(true);
  });

  it.each(['/nope', '/plan-selection/x', '/Login', '/spotii-success/x'])('does not know %s', (path) => {
    expect(isKnownPath(path)).toBe(false);
  });

  it('treats only the three exception routes as exceptions', () => {
    expect(EXCEPTION_ROUTES).toEqual(['/spotii-success', '/spotii-fail', '/contract-request']);
    expect(isExceptionPath('/spotii-fail?x=1')).toBe(true);
    expect(isExceptionPath('/payment-qr')).toBe(false);
    expect(isExceptionPath('/')).toBe(false);
  });

  it('tells a step page from a sub-route', () => {
    expect(isStepRoute('/payment')).toBe(true);
    expect(isStepRoute('/payment/confirmation')).toBe(false);
    expect(isStepRoute('/payment-qr')).toBe(false);
  });
});

describe('ownerStepForPath', () => {
  it.each(['/spotii-success', '/spotii-fail', '/contract-request'])('the payment module renders the exception route %s', (path) => {
    expect(ownerStepForPath(path)?.name).toBe('payment');
  });

  it('is stepForPath for every other path', () => {
    expect(ownerStepForPath('/number/search')?.name).toBe('number');
    expect(ownerStepForPath('/plan-selection')?.name).toBe('plan');
    expect(ownerStepForPath('/nowhere')).toBeNull();
  });
});
