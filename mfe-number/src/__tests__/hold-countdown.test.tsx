import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { setClockSkew, store, type PhoneNumber } from '@join/shared';
import { DEFAULT_NUMBER_HOLD_SECONDS, NUMBER_HOLD_WARNING_SECONDS } from '@join/shared/numbers';
import '@join/shared/numbers';
import { HeldNumber } from '../components/held-number';
import { numberTextsLoaded, pass } from '../test-utils/hold-clock';

/**
 * The hold countdown on real time, with Jest's fake timers (the e2e suite moves the page's and the
 * server's clocks instead: e2e/tests/number-hold.clock.spec.ts): it ticks every second on the
 * server's time, warns two minutes before the end (half the hold when holds are short), and calls
 * the expiry once at zero.
 */
const START = Date.UTC(2026, 10, 27, 9, 0, 0);

const held = (holdSeconds: number, from = START): PhoneNumber => ({
  MSISDN: '971581234567',
  InTransferTo: null,
  VanityLevelId: 1,
  ReservationDate: new Date(from).toISOString(),
  ExpiryDate: new Date(from + holdSeconds * 1000).toISOString(),
});

function renderHeld(number: PhoneNumber, handlers: { onExpired?: () => void; onExtend?: () => void } = {}) {
  const onExpired = jest.fn(handlers.onExpired);
  const onExtend = jest.fn(handlers.onExtend);
  const view = render(
    <Provider store={store}>
      <HeldNumber number={number} onExpired={onExpired} onExtend={onExtend} extending={false} />
    </Provider>,
  );
  const rerender = (n: PhoneNumber) =>
    view.rerender(
      <Provider store={store}>
        <HeldNumber number={n} onExpired={onExpired} onExtend={onExtend} extending={false} />
      </Provider>,
    );
  return { onExpired, onExtend, rerender };
}

const timer = () => screen.getByRole('timer');
const warning = () => screen.queryByRole('alert');

beforeAll(numberTextsLoaded);

describe('the hold countdown', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: START });
    act(() => setClockSkew(0));
  });
  afterEach(() => {
    jest.useRealTimers();
    act(() => setClockSkew(0));
  });

  it('ticks each second, warns two minutes before the end, and expires once at zero', async () => {
    const { onExpired } = renderHeld(held(DEFAULT_NUMBER_HOLD_SECONDS));
    expect(timer()).toHaveTextContent('15:00');
    await pass(1000);
    expect(timer()).toHaveTextContent('14:59');
    await pass((DEFAULT_NUMBER_HOLD_SECONDS - NUMBER_HOLD_WARNING_SECONDS - 2) * 1000);
    expect(timer()).toHaveTextContent('02:01');
    expect(warning()).toBeNull();
    await pass(1000);
    expect(timer()).toHaveTextContent('02:00');
    expect(warning()).toHaveTextContent('02:00');
    expect(onExpired).not.toHaveBeenCalled();
    await pass(NUMBER_HOLD_WARNING_SECONDS * 1000);
    expect(timer()).toHaveTextContent('00:00');
    expect(warning()).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
    await pass(10_000);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('keeps the number longer: the warning offers it, and the extended hold counts from its new end', async () => {
    const { onExtend, onExpired, rerender } = renderHeld(held(DEFAULT_NUMBER_HOLD_SECONDS));
    await pass((DEFAULT_NUMBER_HOLD_SECONDS - 60) * 1000);
    expect(warning()).not.toBeNull();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('button', { name: 'Keep this number longer' }));
    expect(onExtend).toHaveBeenCalledTimes(1);
    // The server extends the hold: a new end, counted on from now.
    rerender(held(DEFAULT_NUMBER_HOLD_SECONDS, Date.now()));
    expect(timer()).toHaveTextContent('15:00');
    expect(warning()).toBeNull();
    await pass(60_000);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('counts on the server’s time: a device two minutes behind still ends with the server', async () => {
    act(() => setClockSkew(2 * 60_000));
    const { onExpired } = renderHeld(held(DEFAULT_NUMBER_HOLD_SECONDS));
    expect(timer()).toHaveTextContent('13:00');
    await pass(13 * 60_000);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('warns at half the hold when holds are short (a test server’s), so there is time to act', async () => {
    renderHeld(held(20));
    await pass(9_000);
    expect(warning()).toBeNull();
    await pass(1_000);
    expect(timer()).toHaveTextContent('00:10');
    expect(warning()).not.toBeNull();
  });
});
