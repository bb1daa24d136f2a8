/**
 * The step table and the route table of SPEC section 2, as typed data. Guards, the
 * stepper, the header, the cart and every module read these tables; no component
 * writes a route literal of its own.
 *
 * Decisions where the spec is silent (recorded here so nobody re-decides them):
 * - Order 2 is unnamed in the spec. The number step fills it: the number is chosen
 *   between the plan (order 1) and the account (order 3), and the flow-status keys
 *   (random number 5, number chosen 12) place it there.
 * - The id check has no path in the spec; ours is `/id_check`, spelt like the other
 *   snake_case step paths (`/location_check`, `/activation_method`).
 * - Orders 4, 6, 8 and 9 are not given either. We use the order of the spec's step
 *   table (location_check 4, id_check 6) with payment at 7: the shell rule "the header
 *   is plain on steps 1 and 7 and on installments" only reads sensibly if 1 is the plan
 *   and 7 the payment (installments are a payment screen). Delivery is 8 and thank-you 9.
 * - The "other routes" belong to the step whose module renders them: /payment-qr and
 *   /instalments to payment (card and BNPL screens), /delivery-closed to delivery. They
 *   share that step's access rule, except /delivery-closed (rules.ts gives it its own).
 * - Only the delivery and id check steps own open-ended sub-paths (/submit_delivery/...,
 *   /id_check/...): the spec says their sub-steps exist without naming them, so their
 *   modules route them. Every other path must be in the table, or it is unknown.
 */

import { moduleForStep } from '../modules/registry';
import type { StepName } from './step-names';

export type { StepName } from './step-names';

/** Every route of the flow. Paths are hash-router paths (the part after `#`). */
export const ROUTES = {
  root: '/',
  planSelection: '/plan-selection',
  annualOffer: '/plan-selection/annual-offer',
  customPlan: '/plan-selection/custom-plan',
  number: '/number',
  numberSearch: '/number/search',
  numberTransfer: '/number/transfer',
  numberTransferTerms: '/number/transfer-terms',
  numberConfirmation: '/number/confirmation',
  login: '/login',
  terminated: '/login/terminated',
  locationCheck: '/location_check',
  activationMethod: '/activation_method',
  scanFace: '/activation_method/scan_face',
  scanDocument: '/activation_method/scan_document',
  uploadDocument: '/activation_method/upload_document',
  idCheck: '/id_check',
  payment: '/payment',
  paymentConfirmation: '/payment/confirmation',
  payfortToken: '/payment/payfort_token',
  paymentInstallments: '/payment/installments',
  submitDelivery: '/submit_delivery',
  storePickup: '/submit_delivery/store',
  thankYou: '/thank-you',
  paymentQr: '/payment-qr',
  deliveryClosed: '/delivery-closed',
  instalments: '/instalments',
  spotiiSuccess: '/spotii-success',
  spotiiFail: '/spotii-fail',
  contractRequest: '/contract-request',
} as const;

export type RouteKey = keyof typeof ROUTES;
export type RoutePath = (typeof ROUTES)[RouteKey];

export interface StepDefinition {
  readonly name: StepName;
  /** 1-based position in the flow; the stepper and the shell rules count by it. */
  readonly order: number;
  readonly route: RoutePath;
  /** Routes under this step; they share its access rule unless rules.ts overrides one. */
  readonly subRoutes: readonly RoutePath[];
  /** The step module that renders it (the module registry), or null while none is registered. */
  readonly remote: string | null;
  /** Translation key of the step heading. */
  readonly titleKey: string;
  /** Translation key of the step's loading text (SPEC: LOADING_MESSAGE_{STEP}). */
  readonly loadingKey: string;
}

function step(name: StepName, order: number, route: RoutePath, subRoutes: readonly RoutePath[] = []): StepDefinition {
  const upper = name.toUpperCase();
  return { name, order, route, subRoutes, remote: moduleForStep(name)?.name ?? null, titleKey: `STEP_TITLE_${upper}`, loadingKey: `LOADING_MESSAGE_${upper}` };
}

/** The steps in flow order. */
export const STEPS: readonly StepDefinition[] = [
  step('plan', 1, ROUTES.planSelection, [ROUTES.annualOffer, ROUTES.customPlan]),
  step('number', 2, ROUTES.number, [
    ROUTES.numberSearch,
    ROUTES.numberTransfer,
    ROUTES.numberTransferTerms,
    ROUTES.numberConfirmation,
  ]),
  step('account', 3, ROUTES.login, [ROUTES.terminated]),
  step('location_check', 4, ROUTES.locationCheck),
  step('activation_method', 5, ROUTES.activationMethod, [
    ROUTES.scanFace,
    ROUTES.scanDocument,
    ROUTES.uploadDocument,
  ]),
  step('id_check', 6, ROUTES.idCheck),
  step('payment', 7, ROUTES.payment, [ROUTES.paymentConfirmation, ROUTES.payfortToken, ROUTES.paymentInstallments]),
  step('submit_delivery', 8, ROUTES.submitDelivery, [ROUTES.storePickup]),
  step('thank_you', 9, ROUTES.thankYou),
];

export const STEP_NAMES: readonly StepName[] = STEPS.map((s) => s.name);

/** Reachable at any time, whatever the flags (SPEC section 2): BNPL returns and the contract request. */
export const EXCEPTION_ROUTES: readonly RoutePath[] = [ROUTES.spotiiSuccess, ROUTES.spotiiFail, ROUTES.contractRequest];

/** Top-level routes that are not under a step path but belong to a step (its module renders them). */
export const STEP_OWNED_ROUTES: ReadonlyArray<{ readonly route: RoutePath; readonly step: StepName }> = [
  { route: ROUTES.paymentQr, step: 'payment' },
  { route: ROUTES.instalments, step: 'payment' },
  { route: ROUTES.deliveryClosed, step: 'submit_delivery' },
];

/**
 * Steps whose module routes sub-paths the table does not list (see the header): the
 * delivery's address sub-steps, and the id check's later screens (residency, delivery form,
 * address: SPEC 2 "going back from step 6 clears the residency, delivery form and address
 * data and returns to the id check"), which the spec does not name either.
 */
const OPEN_SUB_PATH_STEPS: readonly StepName[] = ['id_check', 'submit_delivery'];

/**
 * Path without query, hash or trailing slash; '' becomes '/'. Paths are compared in this
 * form everywhere, so '/login/' and '/login?x=1' mean '/login'.
 */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = bare.replace(/\/+$/, '');
  if (trimmed === '') return ROUTES.root;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

const BY_NAME: ReadonlyMap<StepName, StepDefinition> = new Map(STEPS.map((s) => [s.name, s]));

export function stepByName(name: StepName): StepDefinition {
  const found = BY_NAME.get(name);
  // Unreachable while STEPS lists every StepName; the test on STEP_NAMES keeps it so.
  if (!found) throw new Error(`unknown step ${name}`);
  return found;
}

const STEP_BY_ROUTE: ReadonlyMap<string, StepDefinition> = new Map([
  ...STEPS.flatMap((s) => [s.route, ...s.subRoutes].map((r) => [r, s] as const)),
  ...STEP_OWNED_ROUTES.map(({ route, step: name }) => [route, stepByName(name)] as const),
]);

/** The step a path (or one of its sub-paths) belongs to; null for the root, exception routes and unknown paths. */
export function stepForPath(path: string): StepDefinition | null {
  const p = normalizePath(path);
  const exact = STEP_BY_ROUTE.get(p);
  if (exact) return exact;
  const open = STEPS.find((s) => OPEN_SUB_PATH_STEPS.includes(s.name) && p.startsWith(`${s.route}/`));
  return open ?? null;
}

export function isExceptionPath(path: string): boolean {
  return (EXCEPTION_ROUTES as readonly string[]).includes(normalizePath(path));
}

/**
 * The step whose module renders a path. Exception routes (the BNPL return and the contract
 * request, reachable at any time) are not steps, but the payment module renders them
 * (ARCHITECTURE: mfe-payment owns spotii-success/fail and contract-request).
 */
export function ownerStepForPath(path: string): StepDefinition | null {
  return stepForPath(path) ?? (isExceptionPath(path) ? stepByName('payment') : null);
}

export function isKnownPath(path: string): boolean {
  const p = normalizePath(path);
  return p === ROUTES.root || isExceptionPath(p) || stepForPath(p) !== null;
}

/** True when the path is a step's own route, not one of its sub-routes. */
export function isStepRoute(path: string): boolean {
  const p = normalizePath(path);
  return STEPS.some((s) => s.route === p);
}
