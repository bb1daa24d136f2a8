import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMocks } from 'react-idle-timer';
import { Provider } from 'jotai';
import { store } from '@join/shared';
import { retailApi, RETAIL_START_URL } from '@join/shared/retail';
import { polyfillDialog } from '@join/shared/testing';
import { browserLocation } from '../../shell/browser-location';
import { IdleGuard } from '../idle/idle-guard';
import { formatRemaining } from '../idle/idle-prompt';
import { retailIdleOptions } from '../idle/idle-options';
import { resetWipeForTests } from '../wipe';

beforeAll(polyfillDialog);
let replace: jest.SpyInstance;
let end: jest.SpyInstance;
beforeEach(() => {
  // The tabs' messages travel on Node's message ports: their callbacks stay on the real loop.
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
  createMocks(); // react-idle-timer's testing hook: its timers are the (fake) globals from here on
  replace = jest.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
  end = jest.spyOn(retailApi, 'endCustomerSession').mockResolvedValue({ ended: true });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  resetWipeForTests();
});

function renderGuard(pathname: string) {
  return render(
    <Provider store={store}>
      <IdleGuard pathname={pathname} />
    </Provider>,
  );
}

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const popUp = () => screen.queryByRole('alertdialog', { name: 'Are you still there?' });
/** Lets the wipe's promises settle under the fake clock. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await act(async () => jest.advanceTimersByTimeAsync(0));
};
/** The wipe ran for `reason` and the device went to the retail start. */
async function expectWiped(reason: string) {
  await settle();
  expect(end).toHaveBeenCalledWith(reason);
  expect(replace).toHaveBeenCalledWith(RETAIL_START_URL);
}

describe('the shop device goes idle (SPEC 4, 9)', () => {
  it.each([
    ['/plan-selection', 180_000],
    ['/login', 180_000],
    ['/number', 120_000],
    ['/activation_method/scan_document', 120_000],
    ['/payment', 120_000],
  ])('on %s the pop-up appears after %i ms without activity, not a moment before', (path, idleMs) => {
    renderGuard(path);
    advance(idleMs - 1);
    expect(popUp()).toBeNull();
    advance(1);
    expect(popUp()).not.toBeNull();
  });

  it('activity before the deadline starts the wait again', () => {
    renderGuard('/number');
    advance(100_000);
    fireEvent.keyDown(document);
    advance(100_000);
    expect(popUp()).toBeNull();
    advance(20_000);
    expect(popUp()).not.toBeNull();
  });

  it('asks react-idle-timer for the idle time plus the 120 s countdown, shared between the tabs of the device', () => {
    expect(retailIdleOptions('/number')).toMatchObject({ timeout: 240_000, promptBeforeIdle: 120_000, crossTab: true, syncTimers: expect.any(Number) });
    expect(retailIdleOptions('/plan-selection').timeout).toBe(300_000);
  });

  it('"I’m still here" in one tab closes the pop-up in the other tab of the device', async () => {
    renderGuard('/number');
    renderGuard('/number');
    advance(120_000);
    await waitFor(() => expect(screen.getAllByRole('alertdialog', { name: 'Are you still there?' })).toHaveLength(2));
    fireEvent.click(within(screen.getAllByRole('alertdialog')[0]!).getByRole('button', { name: 'I’m still here' }));
    await waitFor(() => expect(popUp()).toBeNull());
  });
});

describe('the idle pop-up', () => {
  it('says what will be erased, offers "I’m still here" first, counts down every second and announces only at each 30 s check', () => {
    renderGuard('/number');
    advance(120_000);
    const dialog = popUp()!;
    expect(dialog).toHaveAccessibleDescription(/erased from this device: the plan, the number, the account, the identity scans and the payment/);
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['I’m still here', 'End session']);
    const timer = within(dialog).getByRole('timer');
    const announced = () => within(dialog).getByRole('status').textContent;
    expect(timer).toHaveTextContent('Time left: 2:00');
    expect(announced()).toContain('2:00');
    advance(1_000);
    expect(timer).toHaveTextContent('1:59');
    expect(announced()).toContain('2:00'); // not every second
    advance(29_000);
    expect(timer).toHaveTextContent('1:30');
    expect(announced()).toContain('1:30');
    advance(45_000);
    expect(timer).toHaveTextContent('0:45');
    expect(announced()).toContain('1:00');
  });

  it('"I’m still here" closes it and resets the timer to the full idle time', () => {
    renderGuard('/number');
    advance(120_000 + 60_000);
    fireEvent.click(within(popUp()!).getByRole('button', { name: 'I’m still here' }));
    expect(popUp()).toBeNull();
    advance(119_000);
    expect(popUp()).toBeNull();
    expect(end).not.toHaveBeenCalled();
    advance(1_000);
    expect(popUp()).not.toBeNull();
  });

  it('Escape answers "I’m still here" too', () => {
    renderGuard('/number');
    advance(120_000);
    fireEvent(popUp()!, new Event('cancel', { cancelable: true }));
    expect(popUp()).toBeNull();
    advance(119_000);
    expect(popUp()).toBeNull();
  });

  it('activity behind the pop-up does not dismiss it (only its buttons answer)', () => {
    renderGuard('/number');
    advance(120_000);
    fireEvent.mouseMove(document);
    fireEvent.keyDown(document);
    expect(popUp()).not.toBeNull();
  });

  it('at the end of the countdown the customer is wiped (reason idle) and the device lands on the retail start', async () => {
    renderGuard('/number');
    advance(120_000 + 119_000);
    expect(end).not.toHaveBeenCalled();
    advance(1_000);
    await expectWiped('idle');
  });

  it('"End session" wipes at once (reason end_session)', async () => {
    renderGuard('/plan-selection');
    advance(180_000);
    fireEvent.click(within(popUp()!).getByRole('button', { name: 'End session' }));
    await expectWiped('end_session');
  });

  it('a device that slept past the deadline during the countdown wipes as soon as it wakes, whatever is touched', async () => {
    renderGuard('/number');
    advance(120_000);
    expect(popUp()).not.toBeNull();
    // Asleep: the wall clock runs on, no timer fires.
    jest.setSystemTime(Date.now() + 10 * 60_000);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expectWiped('idle');
  });

  it('a device that slept past the whole deadline before the pop-up wipes on the first touch, never resumes the customer', async () => {
    renderGuard('/number');
    advance(60_000);
    jest.setSystemTime(Date.now() + 10 * 60_000);
    fireEvent.touchStart(document);
    await expectWiped('idle');
  });
});

describe('formatRemaining', () => {
  it('draws m:ss, rounding a part second up and never below zero', () => {
    expect(formatRemaining(120_000)).toBe('2:00');
    expect(formatRemaining(89_001)).toBe('1:30');
    expect(formatRemaining(5_000)).toBe('0:05');
    expect(formatRemaining(-10)).toBe('0:00');
  });
});
