import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, ApiError, bus, EMPTY_FLOW_FLAGS, EMPTY_SERVER_FLOW_CONTEXT, serverFlowContextAtom, store, updateSession, type BusEvents } from '@join/shared';
import { identityApi } from '@join/shared/identity';
import { COUNTRY_POSITION as POSITION_OPTIONS } from '@join/shared/display';
import IdentityStep from '../step';
import { flowWrite, renderInPage } from '@join/shared/testing';

/**
 * /location_check with a fake navigator.geolocation: each answer the browser can give (a
 * position, refused, unavailable, timeout, no API at all) and each the server can give (inside,
 * outside, a failure), and what the visitor sees and can do next.
 */
const DUBAI = { latitude: 25.2048, longitude: 55.2708 };
type Answer = { position: { latitude: number; longitude: number } } | { error: 1 | 2 | 3 };

/** A Geolocation that answers each call with the next of `answers` (the last one repeats). */
function fakeGeolocation(...answers: Answer[]) {
  const getCurrentPosition = jest.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    queueMicrotask(() => {
      if ('position' in answer) ok({ coords: { ...answer.position, accuracy: 20 }, timestamp: Date.now() } as GeolocationPosition);
      else fail?.({ code: answer.error, message: 'fake', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    });
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition, watchPosition: jest.fn(), clearWatch: jest.fn() } });
  return getCurrentPosition;
}

function noGeolocation() {
  // jsdom has none; make sure no earlier test left one.
  delete (navigator as { geolocation?: unknown }).geolocation;
}

function listen<K extends keyof BusEvents>(event: K) {
  const seen: BusEvents[K][] = [];
  const off = bus.on(event, (e) => seen.push(e));
  return { seen, off };
}

/** The flow status the server answers after the check: its inside_uae stored. */
function flowStatusAfter(inside: boolean) {
  return jest.spyOn(api, 'getFlowStatus').mockResolvedValue({
    flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_logged_in_via_email: true, has_password: true },
    flow_context: { ...EMPTY_SERVER_FLOW_CONTEXT, inside_uae: inside },
  });
}

function renderPage() {
  return renderInPage(<IdentityStep route="/location_check" />);
}

const share = async () => userEvent.click(await screen.findByRole('button', { name: 'Share my location' }));
const heading = () => screen.findByRole('heading', { level: 1, name: 'Check your location' });

beforeEach(() => act(() => updateSession({ sessionId: 'account-session' })));
afterEach(() => {
  jest.restoreAllMocks();
  noGeolocation();
});

describe('/location_check', () => {
  it('says why it asks and what it keeps, and asks the browser only on the button', async () => {
    const locate = fakeGeolocation({ position: DUBAI });
    renderPage();
    expect(await heading()).toBeInTheDocument();
    expect(screen.getByText(/can only be activated while you are in the United Arab Emirates/)).toBeInTheDocument();
    expect(screen.getByText(/keep just the answer: inside or outside the UAE/)).toBeInTheDocument();
    expect(locate).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('inside the UAE: the server decides, the flow status is refreshed, then the host is told (no alert)', async () => {
    const locate = fakeGeolocation({ position: DUBAI });
    const check = jest.spyOn(identityApi, 'checkLocation').mockImplementation(() => flowWrite({ inside_uae: true }));
    const status = flowStatusAfter(true);
    const checked = listen('identity:location-checked');
    renderPage();
    await share();
    expect(await screen.findByText('You are in the UAE. On to the next step.')).toBeInTheDocument();
    expect(locate).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), POSITION_OPTIONS);
    expect(POSITION_OPTIONS).toEqual({ enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 });
    expect(check).toHaveBeenCalledWith(DUBAI.latitude, DUBAI.longitude);
    expect(status).toHaveBeenCalled();
    // The store had the new inside_uae before the host heard of it.
    expect(store.get(serverFlowContextAtom)?.inside_uae).toBe(true);
    expect(checked.seen).toEqual([{ inside: true }]);
    expect(screen.queryByRole('alert')).toBeNull();
    checked.off();
  });

  it('outside: explains that activation needs the UAE and that they can come back; Try again checks again', async () => {
    fakeGeolocation({ position: { latitude: 23.588, longitude: 58.383 } }, { position: DUBAI });
    const check = jest.spyOn(identityApi, 'checkLocation').mockImplementationOnce(() => flowWrite({ inside_uae: false })).mockImplementationOnce(() => flowWrite({ inside_uae: true }));
    flowStatusAfter(false);
    const checked = listen('identity:location-checked');
    renderPage();
    await share();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('You seem to be outside the UAE')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Activation is only possible inside the UAE');
    expect(alert).toHaveTextContent('come back to this page when you arrive');
    expect(await heading()).toHaveFocus();
    expect(checked.seen).toEqual([{ inside: false }]);

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You are in the UAE. On to the next step.')).toBeInTheDocument();
    expect(check).toHaveBeenCalledTimes(2);
    expect(checked.seen).toEqual([{ inside: false }, { inside: true }]);
    checked.off();
  });

  it.each([
    [1, 'Your browser did not share your location', /set Location to Allow/],
    [2, 'Your position could not be found', /Turn on location services/],
    [3, 'Finding your position took too long', /Please try again/],
  ] as const)('position error %s: "%s", announced, with Try again that asks the browser again', async (code, title, text) => {
    const locate = fakeGeolocation({ error: code }, { position: DUBAI });
    const check = jest.spyOn(identityApi, 'checkLocation').mockImplementation(() => flowWrite({ inside_uae: true }));
    flowStatusAfter(true);
    renderPage();
    await share();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(title)).toBeInTheDocument();
    expect(alert).toHaveTextContent(text);
    expect(check).not.toHaveBeenCalled();
    expect(await heading()).toHaveFocus();
    // Keyboard only: Tab reaches Try again, Enter presses it.
    const retry = within(alert).getByRole('button', { name: 'Try again' });
    retry.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('You are in the UAE. On to the next step.')).toBeInTheDocument();
    expect(locate).toHaveBeenCalledTimes(2);
  });

  it('a browser without the Geolocation API says so at once, with no button that cannot work', async () => {
    noGeolocation();
    const check = jest.spyOn(identityApi, 'checkLocation');
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This browser cannot share a location')).toBeInTheDocument();
    expect(alert).toHaveTextContent('up-to-date browser');
    expect(screen.queryByRole('button')).toBeNull();
    expect(check).not.toHaveBeenCalled();
  });

  it('says it is checking while the position and the answer are on their way, the button busy', async () => {
    fakeGeolocation({ position: DUBAI });
    let answer: (v: { inside_uae: boolean }) => void = () => undefined;
    jest.spyOn(identityApi, 'checkLocation').mockReturnValue(new Promise((r) => (answer = r)));
    flowStatusAfter(true);
    renderPage();
    await share();
    expect(await screen.findByText('Checking your location…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share my location' })).toBeDisabled();
    await act(async () => answer({ inside_uae: true }));
    expect(await screen.findByText('You are in the UAE. On to the next step.')).toBeInTheDocument();
  });

  it('an API failure goes to the catalogue pop-up (with Retry) and the page is ready again', async () => {
    fakeGeolocation({ position: DUBAI });
    jest.spyOn(identityApi, 'checkLocation').mockRejectedValue(new ApiError('down', { code: 'service_unavailable', status: 503 }));
    const raised = listen('error:raised');
    const checked = listen('identity:location-checked');
    renderPage();
    await share();
    expect(await screen.findByRole('button', { name: 'Share my location' })).toBeEnabled();
    expect(raised.seen).toHaveLength(1);
    expect(raised.seen[0]).toMatchObject({ source: 'identity' });
    expect(checked.seen).toEqual([]);
    raised.off();
    checked.off();
  });
});
