import { act, screen } from '@testing-library/react';
import {
  api as kernelApi,
  bus,
  EMPTY_FLOW_FLAGS,
  flowFlagsAtom,
  HOLD_EXPIRY_GRACE_MS,
  setClockSkew,
  setFlowFlags,
  setHeldNumber,
  store,
  watchNumberFlag,
  type FlowStatusResponse,
  type PhoneNumber,
} from '@join/shared';
import { refreshFlowStatus } from '@join/shared/react';
import { renderInPage } from '@join/shared/testing';
import { api } from '../api/endpoints';
import NumberStep from '../step';
import { numberTextsLoaded, pass } from '../test-utils/hold-clock';

/**
 * One hold running out with the number step on screen, wired as the host wires the page: the
 * kernel's number watch started with the page's flow status refresh. The step tells the visitor
 * (its countdown reaches zero); the flags are read again once, after the server has freed the
 * number, and their fall saves the current product (SPEC 4).
 */
const START = Date.UTC(2026, 10, 27, 9, 0, 0);
const HOLD_MS = 20_000;
const MSISDN = '971581234567';

const heldUntil = (end: number): PhoneNumber => ({
  MSISDN,
  InTransferTo: null,
  VanityLevelId: 1,
  ReservationDate: new Date(end - HOLD_MS).toISOString(),
  ExpiryDate: new Date(end).toISOString(),
});

/** The server: the number is selected while its hold lasts (held_until > now), on its own clock. */
function serverUntil(end: number) {
  const flags = () => ({ ...EMPTY_FLOW_FLAGS, is_plan_selected: true, is_number_selected: Date.now() < end });
  return {
    flowStatus: jest.spyOn(kernelApi, 'getFlowStatus').mockImplementation(async () => ({ flow_status_flags: flags() }) as FlowStatusResponse),
    product: jest.spyOn(kernelApi, 'getCurrentProduct').mockImplementation(async () => ({ product: {} as never })),
    saved: jest.spyOn(kernelApi, 'getSavedPlans').mockImplementation(async () => ({ product: null, save_plans: [] })),
    random: jest.spyOn(api, 'randomNumbers').mockImplementation(async () => ({ numbers: [] })),
  };
}


beforeAll(numberTextsLoaded);

describe('a hold running out on the number step', () => {
  let stopWatch: () => void = () => undefined;
  beforeEach(() => {
    jest.useFakeTimers({ now: START });
    act(() => {
      setClockSkew(0);
      setFlowFlags({ ...EMPTY_FLOW_FLAGS, is_plan_selected: true, is_number_selected: true });
    });
  });
  afterEach(() => {
    stopWatch();
    jest.useRealTimers();
    jest.restoreAllMocks();
    act(() => {
      setHeldNumber(null);
      setFlowFlags(null);
    });
  });

  // The countdown reaches zero on its own ticks, rounded to the second: up to half a second before
  // the server's end (250 ms here), or just after it.
  it.each([
    ['just before the server frees it', 250],
    ['as the server frees it', 0],
  ])('the step says so, and the flags are read once, after the end (countdown at zero %s)', async (_when, early) => {
    const end = START + HOLD_MS + early;
    const server = serverUntil(end);
    act(() => setHeldNumber(heldUntil(end)));
    stopWatch = watchNumberFlag({ refreshFlags: () => refreshFlowStatus() });
    const raised = jest.fn();
    const off = bus.on('error:raised', raised);
    renderInPage(<NumberStep route="/number" />);
    expect(screen.getByRole('timer')).toBeInTheDocument();

    await pass(HOLD_MS + 1);
    expect(raised).toHaveBeenCalledWith(expect.objectContaining({ source: 'number', error: expect.objectContaining({ code: -2010 }) }));
    await pass(HOLD_EXPIRY_GRACE_MS + 5_000);
    off();

    expect(server.flowStatus).toHaveBeenCalledTimes(1);
    expect(store.get(flowFlagsAtom)?.is_number_selected).toBe(false);
    expect(server.product).toHaveBeenCalledWith(true);
    expect(server.saved).toHaveBeenCalledTimes(1);
  });
});
