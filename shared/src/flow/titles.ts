/**
 * Every route's document title (WCAG 2.4.2): a step's page is titled by the step, a sub-page or
 * an exception route by its own key, so no two screens share a title and none is just the
 * product's name. The shell sets `<route title> | <product>` on every route change.
 */
import { ROUTES, stepForPath, type RouteKey } from './steps';

const OWN_TITLES: Partial<Record<RouteKey, string>> = {
  annualOffer: 'title.annualOffer',
  customPlan: 'title.customPlan',
  numberSearch: 'title.numberSearch',
  numberTransfer: 'title.numberTransfer',
  numberTransferTerms: 'title.numberTransferTerms',
  numberConfirmation: 'title.numberConfirmation',
  terminated: 'title.terminated',
  scanFace: 'title.scanFace',
  scanDocument: 'title.scanDocument',
  uploadDocument: 'title.uploadDocument',
  paymentConfirmation: 'title.paymentConfirmation',
  payfortToken: 'title.cardCheck',
  paymentInstallments: 'title.installments',
  paymentQr: 'title.paymentQr',
  deliveryClosed: 'title.deliveryClosed',
  instalments: 'title.installments',
  spotiiSuccess: 'title.bnplReturn',
  spotiiFail: 'title.bnplReturn',
  contractRequest: 'title.contractRequest',
};

const BY_PATH: ReadonlyMap<string, string> = new Map(
  (Object.keys(OWN_TITLES) as RouteKey[]).map((k) => [ROUTES[k], OWN_TITLES[k] as string]),
);

/** The translation key of a path's title: its own, else its step's, else the product's. */
export function routeTitleKey(path: string): string {
  const p = path.split(/[?#]/, 1)[0]?.replace(/\/+$/, '') || '/';
  return BY_PATH.get(p) ?? stepForPath(p)?.titleKey ?? 'app.title';
}
