import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { Provider } from 'jotai';
import { api, bus, EMPTY_FLOW_FLAGS, errorObjectFor, nextRoute, store, type FlowStatusFlags, setError, setFlowFlags } from '@join/shared';
import { Shell } from '../shell';
import { polyfillDialog } from '@join/shared/testing';

// The shell's listeners are under test: steps render as markers, nothing is preloaded.
jest.mock('../../federation/remote-step', () => jest.requireActual('../../test-utils/step-markers'));
jest.mock('../../federation/remotes', () => ({ prefetchStep: async () => undefined }));

beforeAll(polyfillDialog);
afterEach(() => {
  act(() => setError(null));
  jest.restoreAllMocks();
});

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="location">{pathname}</output>;
}

function renderShell(at: string, flags: FlowStatusFlags) {
  act(() => setFlowFlags(flags));
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <Shell />
        <Where />
      </MemoryRouter>
    </Provider>,
  );
}

const location = () => screen.getByRole('status', { name: 'location' }).textContent;
const chosen = { ...EMPTY_FLOW_FLAGS, is_plan_selected: true, is_number_selected: true };

describe('shell bus listeners: modules announce, the shell routes', () => {
  it('plan:saved goes to the step after the plan, from the freshest flags in the store', async () => {
    renderShell('/plan-selection', EMPTY_FLOW_FLAGS);
    const after = { ...EMPTY_FLOW_FLAGS, is_plan_selected: true };
    act(() => {
      setFlowFlags(after); // the save sequence wrote them just before announcing
      bus.emit('plan:saved', { productCode: 199 });
    });
    await waitFor(() => expect(location()).toBe(nextRoute('plan', { flags: after, navigatingInApp: true })));
    expect(location()).toBe('/number');
  });

  it('number:confirmed with no saved plan goes to the next step per the contract', async () => {
    renderShell('/number', { ...EMPTY_FLOW_FLAGS, is_number_selected: true });
    act(() => bus.emit('number:confirmed', { msisdn: '971581234567', hasSavedPlan: false }));
    await waitFor(() => expect(location()).toBe('/plan-selection'));
  });

  it('number:confirmed with a saved plan goes to /login (SPEC 4), still guarded', async () => {
    renderShell('/number', chosen);
    act(() => bus.emit('number:confirmed', { msisdn: '971581234567', hasSavedPlan: true }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(screen.getByText('step identity at /login')).toBeInTheDocument(); // the identity module owns the account step
  });

  it("navigate:request shows the module's own page; another step's route is refused", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderShell('/number', EMPTY_FLOW_FLAGS);
    act(() => bus.emit('navigate:request', { from: 'number', to: '/number/search' }));
    await waitFor(() => expect(screen.getByText('step number at /number/search')).toBeInTheDocument());
    act(() => bus.emit('navigate:request', { from: 'number', to: '/payment' }));
    expect(location()).toBe('/number/search');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('asked to show /payment'));
  });

  it('error:raised shows the pop-up', async () => {
    renderShell('/number', EMPTY_FLOW_FLAGS);
    act(() => bus.emit('error:raised', { error: errorObjectFor('number_already_booked', -2015) }));
    expect(await screen.findByRole('alertdialog', { name: 'Oh no!' })).toHaveTextContent('-2015');
  });

  it('session:ended (a logout code) says the session expired, starts a fresh session and goes to the start', async () => {
    const login = jest.spyOn(api, 'loginByDeviceId').mockResolvedValue({} as Awaited<ReturnType<typeof api.loginByDeviceId>>);
    jest.spyOn(api, 'getFlowStatus').mockResolvedValue({ flow_status_flags: EMPTY_FLOW_FLAGS } as Awaited<ReturnType<typeof api.getFlowStatus>>);
    renderShell('/number/search', EMPTY_FLOW_FLAGS);
    act(() => bus.emit('session:ended', { code: -7104 }));
    expect(await screen.findByRole('alertdialog', { name: 'Session expired' })).toBeInTheDocument();
    expect(login).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(location()).toBe('/plan-selection'));
  });

  it('session:ended with -27 recovers without a pop-up', async () => {
    jest.spyOn(api, 'loginByDeviceId').mockResolvedValue({} as Awaited<ReturnType<typeof api.loginByDeviceId>>);
    jest.spyOn(api, 'getFlowStatus').mockResolvedValue({ flow_status_flags: EMPTY_FLOW_FLAGS } as Awaited<ReturnType<typeof api.getFlowStatus>>);
    renderShell('/number/search', EMPTY_FLOW_FLAGS);
    act(() => bus.emit('session:ended', { code: -27 }));
    await waitFor(() => expect(location()).toBe('/plan-selection'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('stops listening when the shell goes away', () => {
    const before = bus.listenerCount('number:confirmed');
    const tracked = bus.listenerCount('plan:list-viewed');
    const { unmount } = renderShell('/number', EMPTY_FLOW_FLAGS);
    expect(bus.listenerCount('number:confirmed')).toBe(before + 1); // routing
    expect(bus.listenerCount('plan:list-viewed')).toBe(tracked + 1); // tracking
    unmount();
    expect(bus.listenerCount('number:confirmed')).toBe(before);
    expect(bus.listenerCount('plan:list-viewed')).toBe(tracked);
  });
});
