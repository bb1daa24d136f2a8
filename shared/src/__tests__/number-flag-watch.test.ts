import { createStore } from 'jotai/vanilla';
import  { flowFlagsAtom, savedPlanAtom, type Store, setClockSkew, setFlowFlags, setHeldNumber } from '../store';
import { EMPTY_FLOW_FLAGS, Product, SavedPlan, type PhoneNumber } from '../schemas/entities';
import type { Endpoints } from '../api/endpoints';
import { HOLD_EXPIRY_GRACE_MS, watchNumberFlag } from '../number-flag-watch';
import { createQueryClient } from '../query/query-client';
import { fetchFlowStatus, linkFlowStatus } from '../query/flow-status';

const p = Product.parse({
  ProductCode: 100,
  Name: 'Tourist 100',
  ProductCategory: 'PAYG',
  CommitmentDuration: 1,
  AvailablePlans: [{ ID: 1, Type: 'DATA', Name: 'Data', Value: 1024, Validity: 30, DailyAllowanceValue: null }],
  PackagesPricingTable: [{ NetPrice: 50, PlanNetPrice: 50, VATPercentage: 5, VATAmount: 2.5, ExtraCharges: [] }],
  AllowedFeatures: [],
  Promotions: [],
});
const saved = SavedPlan.parse({ ID: 7, product: p, Plans: p.AvailablePlans, PackagePrice: p.PackagesPricingTable[0]! });
const withNumber = { ...EMPTY_FLOW_FLAGS, is_plan_selected: true, is_number_selected: true };
const without = { ...EMPTY_FLOW_FLAGS, is_plan_selected: true };
const held = (expiresInMs: number): PhoneNumber => ({
  MSISDN: '971581234567',
  InTransferTo: null,
  VanityLevelId: 1,
  ReservationDate: new Date(Date.now() - 60_000).toISOString(),
  ExpiryDate: new Date(Date.now() + expiresInMs).toISOString(),
});

function fakeApi(serverFlags: () => typeof withNumber) {
  const calls: string[] = [];
  const api = {
    getCurrentProduct: jest.fn(async (save: boolean) => {
      calls.push(`currentProduct save=${save}`);
      return { product: p };
    }),
    getSavedPlans: jest.fn(async () => {
      calls.push('savedPlans');
      return { product: p, save_plans: [saved] };
    }),
    getFlowStatus: jest.fn(async () => {
      calls.push('flowStatus');
      return { flow_status_flags: serverFlags() };
    }),
  } as unknown as Endpoints;
  return { api, calls };
}

/** A QueryClient whose flow status feeds `store`, as the page's feeds the page's store. */
let unlinks: (() => void)[] = [];
function linkedQueryClient(api: Endpoints, store: Store) {
  const queryClient = createQueryClient();
  unlinks.push(linkFlowStatus({ queryClient, store, api, client: { onFlowChange: () => () => undefined } }));
  return queryClient;
}

/** The page's refresh, on a query client linked to this test's store. */
function refresherOf(api: Parameters<typeof linkedQueryClient>[0], store: Parameters<typeof linkedQueryClient>[1]): () => Promise<unknown> {
  const queryClient = linkedQueryClient(api, store);
  return () => fetchFlowStatus(queryClient, api);
}
afterEach(() => {
  unlinks.forEach((unlink) => unlink());
  unlinks = [];
});

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('number flag watch (SPEC 4: number flag selected -> not selected)', () => {
  let store: Store;
  let stop: () => void = () => undefined;
  beforeEach(() => {
    store = createStore();
  });
  afterEach(() => {
    stop();
    jest.useRealTimers();
  });

  /** A number held for `holdMs` with its flag up, watched on fake timers; `server.flags` is what the flow status answers. */
  function watchHold(holdMs: number) {
    jest.useFakeTimers();
    setFlowFlags(withNumber, store);
    setHeldNumber(held(holdMs), store);
    const server = { flags: withNumber };
    const { api, calls } = fakeApi(() => server.flags);
    stop = watchNumberFlag({ api, store, refreshFlags: refresherOf(api, store) });
    return { server, calls };
  }

  it('saves the current product and reloads the saved plans when the flag falls', async () => {
    setFlowFlags(withNumber, store);
    const { api, calls } = fakeApi(() => without);
    stop = watchNumberFlag({ api, store, refreshFlags: refresherOf(api, store) });
    setFlowFlags(without, store);
    await settle();
    expect(calls).toEqual(['currentProduct save=true', 'savedPlans']);
    expect(store.get(savedPlanAtom)).toEqual(saved);
  });

  it('does nothing when the flag rises, stays, or the flags are wiped (logout)', async () => {
    setFlowFlags(without, store);
    const { api, calls } = fakeApi(() => without);
    stop = watchNumberFlag({ api, store, refreshFlags: refresherOf(api, store) });
    setFlowFlags(withNumber, store);
    setFlowFlags({ ...withNumber, is_plan_paid: true }, store);
    setFlowFlags(null, store);
    setFlowFlags(without, store);
    await settle();
    expect(calls).toEqual([]);
  });

  it('a hold that runs out on any screen: the flow status is refreshed after the grace, then the product saved', async () => {
    const { server, calls } = watchHold(10_000);
    jest.advanceTimersByTime(10_000 + HOLD_EXPIRY_GRACE_MS - 50);
    expect(calls).toEqual([]);
    server.flags = without; // the server frees the number at the end of the hold
    jest.advanceTimersByTime(100);
    await settle();
    expect(calls).toEqual(['flowStatus', 'currentProduct save=true', 'savedPlans']);
    expect(store.get(flowFlagsAtom)?.is_number_selected).toBe(false);
    expect(store.get(savedPlanAtom)).toEqual(saved);
  });

  it('reads the hold on server time, and a new expiry (an extension) replaces the old check', async () => {
    jest.useFakeTimers();
    setFlowFlags(withNumber, store);
    setClockSkew(5_000, store); // the server is 5 s ahead: the hold ends 5 s earlier here
    setHeldNumber(held(20_000), store);
    const { api, calls } = fakeApi(() => withNumber);
    stop = watchNumberFlag({ api, store, refreshFlags: refresherOf(api, store) });
    setHeldNumber(held(60_000), store); // extended
    jest.advanceTimersByTime(15_000 + HOLD_EXPIRY_GRACE_MS + 10);
    await settle();
    expect(calls).toEqual([]);
    jest.advanceTimersByTime(40_000);
    await settle();
    expect(calls).toEqual(['flowStatus']);
    // Still held by the server (the clocks disagreed): nothing saved.
    expect(store.get(flowFlagsAtom)?.is_number_selected).toBe(true);
  });

  it('a number dropped as its hold runs out (the step\'s countdown on screen) keeps its check: one read, after the grace', async () => {
    const { server, calls } = watchHold(10_000);
    jest.advanceTimersByTime(9_700); // the countdown, rounded to the second, reaches zero early
    setHeldNumber(null, store);
    jest.advanceTimersByTime(300);
    server.flags = without;
    jest.advanceTimersByTime(HOLD_EXPIRY_GRACE_MS - 50);
    await settle();
    expect(calls).toEqual([]);
    jest.advanceTimersByTime(100);
    await settle();
    expect(calls).toEqual(['flowStatus', 'currentProduct save=true', 'savedPlans']);
    jest.advanceTimersByTime(60_000);
    await settle();
    expect(calls).toHaveLength(3);
  });

  it('does not read again at the old end of a released number (its flags already fell) nor after a logout', async () => {
    for (const leave of [() => setFlowFlags(without, store), () => setFlowFlags(null, store)]) {
      const { server, calls } = watchHold(10_000);
      server.flags = without;
      setHeldNumber(null, store);
      leave();
      jest.advanceTimersByTime(10_000 + HOLD_EXPIRY_GRACE_MS + 1_000);
      await settle();
      expect(calls.filter((c) => c === 'flowStatus')).toEqual([]);
      stop();
    }
  });

  it('stops watching when stopped', async () => {
    setFlowFlags(withNumber, store);
    const { api, calls } = fakeApi(() => without);
    watchNumberFlag({ api, store, refreshFlags: refresherOf(api, store) })();
    setFlowFlags(without, store);
    await settle();
    expect(calls).toEqual([]);
  });
});
