import { createI18n, sessionAtom, startParamsAtom, store, updateSession, type Endpoints } from '@join/shared';
import { businessConfig } from '@join/shared/testing';
import { RETAIL_ROUTES } from '@join/shared/retail';
import { startUp } from '../start-up';
import { isRetailPath, RETAIL_START_PATH, takeRetailEntry } from '../retail-start';

/** start-up's endpoints, recording which were called. */
function fakeApi(retailFlow: boolean) {
  const calls: string[] = [];
  const rec = <T>(name: string, value: T) =>
    jest.fn(async () => {
      calls.push(name);
      return value;
    });
  const api = {
    getTranslations: rec('translations', { language: 'en', translations: {} }),
    getBizConfig: rec('bizConfig', businessConfig({ retail_flow: retailFlow })),
    loginByDeviceId: rec('login', { session_id: 's', profile: { uid: 'u' } }),
    getFlowStatus: rec('flowStatus', { flow_status_flags: {} }),
    getCurrentTimestamp: rec('timestamp', { timestamp: Date.now() }),
    getSavedPlans: rec('savedPlans', { product: null, save_plans: [] }),
    getNumbers: rec('numbers', { numbers: [] }),
  } as unknown as Endpoints;
  return { api, calls };
}

const SESSION = 'a'.repeat(64);
const history = () => ({ state: null, replaceState: jest.fn() });

beforeEach(() => {
  updateSession({ deviceId: 'device-xyz1', sessionId: null, uid: null, accountNumber: null, language: 'en', gclid: null });
  takeRetailEntry();
});

describe('start-up on a shop device', () => {
  it('keeps the retail start path equal to the contract', () => {
    expect(RETAIL_START_PATH).toBe(RETAIL_ROUTES.start);
    expect(isRetailPath('#/retail')).toBe(true);
    expect(isRetailPath('#/retail/manager?user_code=BCDF-GHJK')).toBe(true);
    expect(isRetailPath('#/retailer')).toBe(false);
    expect(isRetailPath('#/plan-selection')).toBe(false);
  });

  it('a retail screen opens with no visitor session (no device-id login, no flow status)', async () => {
    const { api, calls } = fakeApi(true);
    expect(await startUp({ api, i18n: createI18n(), location: { search: '', hash: '#/retail' } })).toBe('retail');
    expect(calls).not.toContain('login');
    expect(calls).not.toContain('flowStatus');
    expect(store.get(sessionAtom).sessionId).toBeNull();
  });

  it('a retail screen with retail switched off still makes no session (the screen says it is off)', async () => {
    const { api, calls } = fakeApi(false);
    expect(await startUp({ api, i18n: createI18n(), location: { search: '', hash: '#/retail/sign-in' } })).toBe('retail');
    expect(calls).not.toContain('login');
  });

  it('?is_retail=1 goes to the retail start screen: no login, and is_retail leaves the store (a session recovery never sends it)', async () => {
    const { api, calls } = fakeApi(true);
    const h = history();
    expect(await startUp({ api, i18n: createI18n(), location: { search: '?is_retail=1&vip=gold', hash: '#/plan-selection' }, history: h })).toBe('retail');
    expect(calls).not.toContain('login');
    expect(h.replaceState).toHaveBeenCalledWith(null, '', '#/retail');
    expect(store.get(startParamsAtom)).toEqual({ vip: 'gold' });
    expect(takeRetailEntry()).toBeNull();
  });

  it('a retail entry (session, account, deviceid) waits for the start screen, once', async () => {
    const { api } = fakeApi(true);
    const search = `?is_retail=true&session=${SESSION}&account=ACC-9&deviceid=shop-device-77`;
    expect(await startUp({ api, i18n: createI18n(), location: { search, hash: '' }, history: history() })).toBe('retail');
    expect(takeRetailEntry()).toEqual({ session: SESSION, account: 'ACC-9', deviceid: 'shop-device-77' });
    expect(takeRetailEntry()).toBeNull();
    expect(store.get(startParamsAtom)).toEqual({});
  });

  it('with retail switched off, ?is_retail is ignored: the visitor flow and its login (without it), no retail entry', async () => {
    const { api, calls } = fakeApi(false);
    const search = `?is_retail=1&session=${SESSION}&account=ACC-9&deviceid=shop-device-77`;
    expect(await startUp({ api, i18n: createI18n(), location: { search, hash: '' }, history: history() })).toBe('ready');
    expect(calls).toContain('login');
    expect(store.get(startParamsAtom).is_retail).toBeUndefined();
    expect(takeRetailEntry()).toBeNull();
  });
});
