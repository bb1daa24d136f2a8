import { api as defaultApi, i18n as defaultI18n, refreshSelection, sessionAtom, store as defaultStore, type Endpoints, type I18n, type Store, setBizConfig, setClockSkew, setStartParams, updateSession } from '@join/shared';
import { refreshFlowStatus } from '@join/shared/react';
import { readStartParams } from './start-params';

export type StartResult = 'ready' | 'fatal' | 'maintenance';

/**
 * The start-up of SPEC 4: translations and business config first (in parallel), then
 * the session (device-id login when none is stored) and the flow status. A business
 * config failure is fatal; a translations failure falls back to bundled English.
 */
export async function startUp(
  deps: { api?: Endpoints; store?: Store; i18n?: I18n; location?: { search: string; hash: string } } = {},
): Promise<StartResult> {
  const api = deps.api ?? defaultApi;
  const store = deps.store ?? defaultStore;
  const i18n = deps.i18n ?? defaultI18n;
  const params = readStartParams(deps.location ?? window.location);
  setStartParams(params, store);
  if (params.gclid) updateSession({ gclid: params.gclid }, store);

  const language = store.get(sessionAtom).language;
  i18n.setLanguage(language);
  const [translations, config] = await Promise.allSettled([api.getTranslations(), api.getBizConfig()]);
  if (translations.status === 'fulfilled') i18n.set(translations.value.language, translations.value.translations);
  if (config.status === 'rejected') {
    setBizConfig({ status: 'failed' }, store);
    return 'fatal';
  }
  setBizConfig({ status: 'ready', config: config.value }, store);
  if (config.value.maintenance_mode === 'maintenance_blocking') return 'maintenance';

  if (!store.get(sessionAtom).sessionId) await api.loginByDeviceId();
  // A stored session that expired answers -27; the client recovers it by device-id login.
  const [flags, now] = await Promise.all([refreshFlowStatus(api), api.getCurrentTimestamp().catch(() => null)]);
  // Hold countdowns run on server time: remember how far this device's clock is off.
  if (now) setClockSkew(now.timestamp - Date.now(), store);
  await refreshSelection(flags, api);
  return 'ready';
}
