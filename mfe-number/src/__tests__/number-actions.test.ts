import { bus, EMPTY_FLOW_FLAGS, flowFlagsAtom, numberAtom, store, watchNumberFlag, type PhoneNumber, setFlowFlags, setHeldNumber } from '@join/shared';
import { refreshFlowStatus } from '@join/shared/react';
import { type Api } from '../api/endpoints';
import { cancelNumber, commitAndContinue, continueWithNumber, extendHold, reserveNumber, reserveTransfer } from '../number-actions';
import { flowWrite } from '@join/shared/testing';

const num = (msisdn: string): PhoneNumber => ({
  MSISDN: msisdn,
  InTransferTo: null,
  VanityLevelId: 1,
  ReservationDate: '2026-11-22T10:00:00.000Z',
  ExpiryDate: '2026-11-22T10:15:00.000Z',
});

function fakeApi(savedPlans: unknown[] = []) {
  const calls: string[] = [];
  const api = {
    reserveNumber: jest.fn(async (m: string) => {
      calls.push(`reserve ${m}`);
      return { number: num(m) };
    }),
    cancelNumber: jest.fn(async (m: string) => {
      calls.push(`cancel ${m}`);
      return { numbers: [] };
    }),
    postFlowStatus: jest.fn(async (key: number) => {
      calls.push(`flowStatus ${key}`);
      return flowWrite({ flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_number_selected: key !== 115 } });
    }),
    getCurrentProduct: jest.fn(async (save: boolean) => {
      calls.push(`currentProduct save=${save}`);
      return { product: {} };
    }),
    getSavedPlans: jest.fn(async () => {
      calls.push('getSavedPlans');
      return { product: null, save_plans: savedPlans };
    }),
    commitNumber: jest.fn(async () => {
      calls.push('commit');
      return { reservation: {} };
    }),
    reserveTransfer: jest.fn(async (ext: string, op: string) => {
      calls.push(`transfer ${ext} ${op}`);
      return { reservation: { number: { ...num('971501234567'), InTransferTo: '971580000123' } } };
    }),
  } as unknown as Api;
  return { api, calls };
}

describe('number sequences (SPEC 4)', () => {
  beforeEach(() => setHeldNumber(null));

  it('reserves a number and posts flow status 5 (random number)', async () => {
    const { api, calls } = fakeApi();
    await reserveNumber('971581111111', { api });
    expect(calls).toEqual(['reserve 971581111111', 'flowStatus 5']);
    expect(store.get(numberAtom)?.MSISDN).toBe('971581111111');
    expect(store.get(flowFlagsAtom)?.is_number_selected).toBe(true);
  });

  it('picking a new number cancels the current one first', async () => {
    setHeldNumber(num('971581111111'));
    const { api, calls } = fakeApi();
    await reserveNumber('971582222222', { api });
    expect(calls.slice(0, 2)).toEqual(['cancel 971581111111', 'flowStatus 115']);
    expect(calls.slice(-2)).toEqual(['reserve 971582222222', 'flowStatus 5']);
  });

  it('cancelling posts 115; the kernel watch then saves the current product and reloads saved plans', async () => {
    setHeldNumber(num('971581111111'));
    setFlowFlags({ ...EMPTY_FLOW_FLAGS, is_number_selected: true });
    const { api, calls } = fakeApi();
    const stop = watchNumberFlag({ api, refreshFlags: () => refreshFlowStatus(api) });
    const cancelled = jest.fn();
    const off = bus.on('number:cancelled', cancelled);
    await cancelNumber('971581111111', { api });
    await new Promise((resolve) => setTimeout(resolve, 0));
    off();
    stop();
    expect(calls).toEqual(['cancel 971581111111', 'flowStatus 115', 'currentProduct save=true', 'getSavedPlans']);
    expect(store.get(numberAtom)).toBeNull();
    expect(cancelled).toHaveBeenCalledWith({ msisdn: '971581111111' });
  });

  it('after a number is selected, saved plans are fetched and the outcome says whether there are any (the host routes)', async () => {
    setHeldNumber(num('971581111111'));
    const done = jest.fn();
    const off = bus.on('number:confirmed', done);
    await continueWithNumber({ api: fakeApi([{ ID: 1 }]).api });
    await continueWithNumber({ api: fakeApi([]).api });
    off();
    expect(done.mock.calls).toEqual([
      [{ msisdn: '971581111111', hasSavedPlan: true }],
      [{ msisdn: '971581111111', hasSavedPlan: false }],
    ]);
  });

  it('a number chosen by search or VIP posts flow status 12 (number chosen)', async () => {
    const { api, calls } = fakeApi();
    await reserveNumber('971583333333', { api, via: 'chosen' });
    expect(calls).toEqual(['reserve 971583333333', 'flowStatus 12']);
  });

  it('extending re-reserves the held number and keeps the new expiry', async () => {
    setHeldNumber(num('971581111111'));
    const { api, calls } = fakeApi();
    await extendHold({ api });
    expect(calls).toEqual(['reserve 971581111111']);
  });

  it('confirming commits the number, then moves on', async () => {
    const { api, calls } = fakeApi([{ ID: 1 }]);
    const done = jest.fn();
    const off = bus.on('number:confirmed', done);
    await commitAndContinue({ api });
    off();
    expect(calls).toEqual(['commit', 'getSavedPlans']);
    expect(done).toHaveBeenCalledWith(expect.objectContaining({ hasSavedPlan: true }));
  });

  it('a transfer cancels the held number, reserves the MNP number, posts 12, and goes back to the number step', async () => {
    setHeldNumber(num('971581111111'));
    const { api, calls } = fakeApi();
    const nav = jest.fn();
    const off = bus.on('navigate:request', nav);
    await reserveTransfer('0501234567', 'etisalat', { api });
    off();
    expect(calls).toEqual([
      'cancel 971581111111',
      'flowStatus 115',
      'transfer 0501234567 etisalat',
      'flowStatus 12',
    ]);
    expect(store.get(numberAtom)?.InTransferTo).toBe('971580000123');
    expect(nav).toHaveBeenCalledWith({ from: 'number', to: '/number' });
  });
});
