import 'fake-indexeddb/auto';
import { sessionAtom, setFlowFlags, setSavedPlan, store, updateSession, EMPTY_FLOW_FLAGS, type SavedPlan } from '@join/shared';
import { queryClient } from '@join/shared/react';
import { retailApi, RETAIL_START_URL } from '@join/shared/retail';
import { browserLocation } from '../../shell/browser-location';
import { summaryOpenAtom } from '../../shell/summary-state';
import { resetWipeForTests, stopCameras, wipeCustomer } from '../wipe';

/** A customer's traces in every store the browser keeps for the origin. */
async function leaveTraces(): Promise<void> {
  updateSession({ sessionId: 'customer-session', uid: 'u-1', accountNumber: '971500000001', language: 'ar' });
  setFlowFlags({ ...EMPTY_FLOW_FLAGS, is_plan_selected: true });
  setSavedPlan({ product_code: 1 } as unknown as SavedPlan);
  store.set(summaryOpenAtom, true);
  queryClient.setQueryData(['numbers', 'search'], ['0501234567']);
  window.sessionStorage.setItem('join.delivery.draft', '{"name":"Customer"}');
  await new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('face-model', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('frames');
    open.onsuccess = () => {
      open.result.close();
      resolve();
    };
    open.onerror = () => reject(open.error);
  });
}

const cacheNames = new Set<string>(['scans-v1']);
const unregister = jest.fn(async () => true);
beforeAll(() => {
  Object.defineProperty(window, 'caches', {
    configurable: true,
    value: { keys: async () => [...cacheNames], delete: async (k: string) => cacheNames.delete(k) },
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistrations: async () => [{ unregister }] },
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  resetWipeForTests();
});

function fakeStream() {
  const track = { stop: jest.fn() };
  return { track, stream: { getTracks: () => [track] } as unknown as MediaStream };
}

describe('wipeCustomer', () => {
  it('ends the customer session on the server, then leaves nothing of the customer readable and lands on the retail start', async () => {
    await leaveTraces();
    const replace = jest.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
    let sessionAtEnd: string | null = null;
    const end = jest.spyOn(retailApi, 'endCustomerSession').mockImplementation(async () => {
      sessionAtEnd = store.get(sessionAtom).sessionId; // the request carries the customer's session
      return { ended: true };
    });
    const video = document.createElement('video');
    const camera = fakeStream();
    video.srcObject = camera.stream;
    document.body.append(video);

    await wipeCustomer('idle');

    expect(end).toHaveBeenCalledWith('idle');
    expect(sessionAtEnd).toBe('customer-session');
    expect(camera.track.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(await indexedDB.databases()).toEqual([]);
    expect(cacheNames.size).toBe(0);
    expect(unregister).toHaveBeenCalled();
    expect(queryClient.getQueryData(['numbers', 'search'])).toBeUndefined();
    const session = store.get(sessionAtom);
    expect(session).toMatchObject({ sessionId: null, uid: null, accountNumber: null, language: 'en' });
    expect(store.get(summaryOpenAtom)).toBe(false);
    expect(replace).toHaveBeenCalledWith(RETAIL_START_URL);
    expect(replace).toHaveBeenCalledTimes(1);
    video.remove();
  });

  it('still wipes locally and leaves when the server cannot be reached (offline)', async () => {
    await leaveTraces();
    const replace = jest.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
    jest.spyOn(retailApi, 'endCustomerSession').mockRejectedValue(new Error('offline'));
    await wipeCustomer('end_session');
    expect(window.sessionStorage.length).toBe(0);
    expect(await indexedDB.databases()).toEqual([]);
    expect(store.get(sessionAtom).sessionId).toBeNull();
    expect(replace).toHaveBeenCalledWith(RETAIL_START_URL);
  });

  it('a store the browser refuses (storage disabled) does not keep the others or the landing', async () => {
    await leaveTraces();
    const replace = jest.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
    jest.spyOn(retailApi, 'endCustomerSession').mockResolvedValue({ ended: true });
    jest.spyOn(Storage.prototype, 'clear').mockImplementationOnce(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    await wipeCustomer('start_over');
    expect(await indexedDB.databases()).toEqual([]);
    expect(replace).toHaveBeenCalledWith(RETAIL_START_URL);
  });
});

describe('the device\'s other tabs', () => {
  it('are told of the wipe and its reason', async () => {
    jest.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
    jest.spyOn(retailApi, 'endCustomerSession').mockResolvedValue({ ended: true });
    const otherTab = new BroadcastChannel('join-retail-wipe');
    const heard = new Promise<unknown>((resolve) => {
      otherTab.onmessage = (e) => resolve(e.data);
    });
    await wipeCustomer('start_over');
    await expect(heard).resolves.toEqual({ reason: 'start_over' });
    otherTab.close();
  });
});

describe('stopCameras', () => {
  it('stops the tracks of every video in the page, not only the first', () => {
    const root = document.createElement('div');
    const a = fakeStream();
    const b = fakeStream();
    for (const s of [a, b]) {
      const v = document.createElement('video');
      v.srcObject = s.stream;
      root.append(v);
    }
    stopCameras(root);
    expect(a.track.stop).toHaveBeenCalled();
    expect(b.track.stop).toHaveBeenCalled();
  });
});
