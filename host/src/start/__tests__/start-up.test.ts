import { createI18n, EMPTY_FLOW_FLAGS, bizConfigAtom, flowFlagsAtom, numberAtom, sessionAtom, startParamsAtom, store, type Endpoints, setFlowFlags, setHeldNumber, updateSession } from '@join/shared';
import { startUp } from '../start-up';
import { businessConfig } from '@join/shared/testing';

const config = businessConfig();

/** A fake of the endpoints start-up uses, recording the order of calls. */
function fakeApi(over: Partial<Record<keyof Endpoints, jest.Mock>> = {}) {
  const calls: string[] = [];
  const rec = <T>(name: string, value: T) => jest.fn(async () => {
    calls.push(name);
    return value;
  });
  const api = {
    getTranslations: rec('translations', { language: 'en', translations: { 'app.title': 'Tourist SIM!' } }),
    getBizConfig: rec('bizConfig', config),
    loginByDeviceId: jest.fn(async () => {
      calls.push('login');
      updateSession({ ...store.get(sessionAtom), sessionId: 'new-session', uid: 'u1' });
      return { session_id: 'new-session', profile: { uid: 'u1' } };
    }),
    getFlowStatus: rec('flowStatus', { flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_number_selected: true } }),
    getCurrentTimestamp: rec('timestamp', { timestamp: Date.now() }),
    getSavedPlans: rec('savedPlans', { product: null, save_plans: [] }),
    getNumbers: rec('numbers', { numbers: [{ MSISDN: '971581234567', InTransferTo: null, VanityLevelId: 1, ReservationDate: null, ExpiryDate: null }] }),
    ...over,
  } as unknown as Endpoints;
  return { api, calls };
}

const loc = { search: '?vip=gold&gclid=abc', hash: '#/plan-selection?search=123' };

describe('start-up (SPEC 4)', () => {
  beforeEach(() => {
    updateSession({ deviceId: 'device-xyz1', sessionId: null, uid: null, accountNumber: null, language: 'en', gclid: null });
    setFlowFlags(null);
    setHeldNumber(null);
  });

  it('loads translations and config, logs in by device id when no session is stored, then flow status', async () => {
    const { api, calls } = fakeApi();
    const i18n = createI18n();
    expect(await startUp({ api, i18n, location: loc })).toBe('ready');
    expect(calls.slice(0, 2).sort()).toEqual(['bizConfig', 'translations']);
    expect(calls.indexOf('login')).toBeGreaterThan(1);
    expect(calls.indexOf('flowStatus')).toBeGreaterThan(calls.indexOf('login'));
    expect(i18n.t('app.title')).toBe('Tourist SIM!');
    expect(store.get(bizConfigAtom)).toEqual({ status: 'ready', config });
    expect(store.get(flowFlagsAtom)?.is_number_selected).toBe(true);
    expect(store.get(numberAtom)?.MSISDN).toBe('971581234567');
    expect(store.get(startParamsAtom)).toMatchObject({ vip: 'gold', gclid: 'abc', search: '123' });
    expect(store.get(sessionAtom).gclid).toBe('abc');
  });

  it('does not log in again when a session is stored', async () => {
    updateSession({ ...store.get(sessionAtom), sessionId: 'kept' });
    const { api, calls } = fakeApi();
    await startUp({ api, i18n: createI18n(), location: loc });
    expect(calls).not.toContain('login');
  });

  it('the operations page makes no visitor session: no device-id login, no flow status (issue 28)', async () => {
    const { api, calls } = fakeApi();
    expect(await startUp({ api, i18n: createI18n(), location: { search: '', hash: '#/ops' } })).toBe('ops');
    expect(calls.sort()).toEqual(['bizConfig', 'translations']);
    expect(store.get(sessionAtom).sessionId).toBeNull();
  });

  it('the operations page on a page with a session loads its flow status (the route reads retail from it)', async () => {
    updateSession({ ...store.get(sessionAtom), sessionId: 'kept' });
    const { api, calls } = fakeApi();
    expect(await startUp({ api, i18n: createI18n(), location: { search: '', hash: '#/ops' } })).toBe('ready');
    expect(calls).toContain('flowStatus');
    expect(calls).not.toContain('login');
  });

  it('a business config failure is fatal and marks the config failed', async () => {
    const { api, calls } = fakeApi({ getBizConfig: jest.fn(async () => Promise.reject(new Error('503'))) });
    expect(await startUp({ api, i18n: createI18n(), location: loc })).toBe('fatal');
    expect(store.get(bizConfigAtom)).toEqual({ status: 'failed' });
    expect(calls).not.toContain('flowStatus');
  });

  it('maintenance_blocking blocks before any session work', async () => {
    const { api, calls } = fakeApi({ getBizConfig: jest.fn(async () => ({ ...config, maintenance_mode: 'maintenance_blocking' })) });
    expect(await startUp({ api, i18n: createI18n(), location: loc })).toBe('maintenance');
    expect(calls).not.toContain('login');
  });

  it('a translations failure falls back to bundled English', async () => {
    const { api } = fakeApi({ getTranslations: jest.fn(async () => Promise.reject(new Error('down'))) });
    const i18n = createI18n();
    expect(await startUp({ api, i18n, location: loc })).toBe('ready');
    expect(i18n.t('footer.help')).toBe('Help');
  });

  it("hands the page's answers to the API client before the first call, so start-up asks the server nothing the page carries", async () => {
    const { api, calls } = fakeApi();
    const order: string[] = [];
    const answers = { 'en GET /biz_config/app': config };
    const client = { preload: jest.fn(() => order.push('preload')) };
    (api.getBizConfig as jest.Mock).mockImplementation(async () => {
      order.push('bizConfig');
      return config;
    });
    await startUp({ api, i18n: createI18n(), location: loc, boot: { answers }, client });
    expect(client.preload).toHaveBeenCalledWith(answers);
    expect(order).toEqual(['preload', 'bizConfig']);
    expect(calls).toContain('flowStatus');
  });

  it('opens in the language of a lang start parameter (an Arabic link), before the translations are asked', async () => {
    let languageAsked: string | null = null;
    const { api } = fakeApi({
      getTranslations: jest.fn(async () => {
        languageAsked = store.get(sessionAtom).language;
        return { language: 'ar', translations: {} };
      }),
    });
    await startUp({ api, i18n: createI18n(), location: { search: '?lang=ar', hash: '' } });
    expect(languageAsked).toBe('ar');
    expect(store.get(sessionAtom).language).toBe('ar');
    // Anything else is not a language: the stored one stays.
    await startUp({ api, i18n: createI18n(), location: { search: '?lang=fr', hash: '' } });
    expect(store.get(sessionAtom).language).toBe('ar');
  });
});
