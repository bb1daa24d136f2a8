import { api as defaultApi, i18n as defaultI18n, loadStartContent, refreshSelection, type ApiClient, type BootPayload, sessionAtom, store as defaultStore, type Endpoints, type I18n, type Store, setClockSkew, setStartParams, updateSession } from '@join/shared';
import { refreshFlowStatus } from '@join/shared/react';
import { readStartParams } from './start-params';
import { bootPayload } from './boot-payload';
import { isOpsPath } from '../ops/ops-path';

/**
 * The `lang` start parameter (start-params.ts) becomes the visitor's language. Also called before
 * the page's first render (bootstrap.tsx), so the first paint is already in that language and
 * direction (the server wrote them into the page as well).
 */
export function applyStartLanguage(params: Readonly<Record<string, string>>, store: Store = defaultStore, i18n: I18n = defaultI18n): void {
  if (params.lang === 'en' || params.lang === 'ar') updateSession({ language: params.lang }, store);
  // The page's language from its first render (its direction is set before the first paint: an
  // Arabic page drawn left to right for a moment moved the server's first screen, CLS 0.8).
  i18n.setLanguage(store.get(sessionAtom).language);
}

/**
 * `retail`: a retail screen opens (host/src/retail/screens), with no visitor session. `ops`: the
 * operations page opens on a page with no visitor session, and start-up makes none (an operator is
 * not a visitor: no device-id login, no flow status).
 */
export type StartResult = 'ready' | 'fatal' | 'maintenance' | 'retail' | 'ops';

/**
 * The start-up of SPEC 4: translations and business config first (the kernel's loadStartContent), then
 * the session (device-id login when none is stored) and the flow status. The page's boot payload
 * answers what it carries (the translations, the business config, the first plans: no round trip,
 * the kernel client serves them). A business
 * config failure is fatal; a translations failure falls back to bundled English. A retail screen
 * (or SPEC 4's retail start) makes no session: its screens start a customer's (retail-start.ts).
 */
export async function startUp(
  deps: { api?: Endpoints; store?: Store; i18n?: I18n; location?: { search: string; hash: string }; history?: Pick<History, 'replaceState' | 'state'>; boot?: BootPayload; client?: Pick<ApiClient, 'preload'> } = {},
): Promise<StartResult> {
  const api = deps.api ?? defaultApi;
  const store = deps.store ?? defaultStore;
  const i18n = deps.i18n ?? defaultI18n;
  const location = deps.location ?? window.location;
  const params = readStartParams(location);
  setStartParams(params, store);
  if (params.gclid) updateSession({ gclid: params.gclid }, store);
  applyStartLanguage(params, store, i18n);
  const { config } = await loadStartContent(store.get(sessionAtom).language, (deps.boot ?? bootPayload()).answers, {
    api,
    i18n,
    store,
    ...(deps.client ? { client: deps.client } : {}),
  });
  if (!config) return 'fatal';
  if (config.maintenance_mode === 'maintenance_blocking') return 'maintenance';
  // The retail branch is its own chunk: only a retail address or start parameter loads it.
  if (location.hash.startsWith('#/retail') || params.is_retail !== undefined) {
    const { retailStart } = await import(/* webpackChunkName: "retail-start" */ './retail-start');
    if (retailStart(params, config.retail_flow, { store, location, ...(deps.history ? { history: deps.history } : {}) })) return 'retail';
  }

  // The operations page makes no visitor session. A page that has one loads its flow status as
  // usual: the operations route reads from it whether this is a retail customer's page.
  if (isOpsPath(location.hash) && !store.get(sessionAtom).sessionId) return 'ops';

  if (!store.get(sessionAtom).sessionId) await api.loginByDeviceId();
  // A stored session that expired answers -27; the client recovers it by device-id login.
  const [flags, now] = await Promise.all([refreshFlowStatus(api), api.getCurrentTimestamp().catch(() => null)]);
  // Hold countdowns run on server time: remember how far this device's clock is off.
  if (now) setClockSkew(now.timestamp - Date.now(), store);
  await refreshSelection(flags, api);
  return 'ready';
}
