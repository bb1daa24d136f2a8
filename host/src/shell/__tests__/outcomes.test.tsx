import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import { applyFlowStatus, bus, BUS_EVENTS, routeAfterPlanSaved, EMPTY_SERVER_FLOW_CONTEXT, EMPTY_FLOW_FLAGS, setFlowFlags, setStartParams, startParamsAtom, store, type FlowStatusFlags } from '@join/shared';
import { createQueryClient, fetchFlowStatus, linkFlowStatus } from '@join/shared/react';
import { listenForOutcomes } from '../outcomes';
import { Shell } from '../shell';

const flags = (over: Partial<FlowStatusFlags>): FlowStatusFlags => ({ ...EMPTY_FLOW_FLAGS, ...over });

function listen(over: Partial<FlowStatusFlags> = {}) {
  setFlowFlags(flags(over));
  const navigate = jest.fn();
  const warn = jest.fn();
  const off = listenForOutcomes({ context: () => ({ flags: EMPTY_FLOW_FLAGS }), navigate, warn });
  return { navigate, warn, off };
}

describe('the host owns navigation', () => {
  afterEach(() => {
    setFlowFlags(null);
    setStartParams({});
  });

  it('has a listener for every bus event once the shell is mounted', () => {
    setFlowFlags(EMPTY_FLOW_FLAGS);
    const { unmount } = render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/plan-selection']}>
          <Shell />
        </MemoryRouter>
      </Provider>,
    );
    const without = BUS_EVENTS.filter((e) => bus.listenerCount(e) === 0);
    expect(without).toEqual([]);
    unmount();
    expect(BUS_EVENTS.filter((e) => bus.listenerCount(e) > 0)).toEqual([]);
  });

  it('after a plan is saved, goes to the next step the contract allows (the number, before one is held)', () => {
    const { navigate, off } = listen({ is_plan_selected: true });
    bus.emit('plan:saved', { productCode: 199 });
    off();
    expect(navigate).toHaveBeenCalledWith('/number');
  });

  it('after a number is confirmed: /login when a plan is saved (SPEC 4), the plan step when none is', () => {
    const withPlan = listen({ is_plan_selected: true, is_number_selected: true });
    bus.emit('number:confirmed', { msisdn: '971581234567', hasSavedPlan: true });
    withPlan.off();
    expect(withPlan.navigate).toHaveBeenCalledWith('/login');

    const noPlan = listen({ is_number_selected: true });
    bus.emit('number:confirmed', { msisdn: '971581234567', hasSavedPlan: false });
    noPlan.off();
    expect(noPlan.navigate).toHaveBeenCalledWith('/plan-selection');
  });

  it('a VIP plan asks for a number of its tier: the host sets the vip filter and opens the search', () => {
    const { navigate, off } = listen();
    bus.emit('plan:vip-number-wanted', { tier: 'gold' });
    off();
    expect(store.get(startParamsAtom)).toMatchObject({ vip: 'gold' });
    expect(navigate).toHaveBeenCalledWith('/number/search');
  });

  it("shows a module's own pages, and refuses a route of another step", () => {
    const { navigate, warn, off } = listen();
    bus.emit('navigate:request', { from: 'number', to: '/number/transfer' });
    bus.emit('navigate:request', { from: 'number', to: '/login' });
    bus.emit('navigate:request', { from: 'plan', to: '/number/search' });
    off();
    expect(navigate.mock.calls).toEqual([['/number/transfer']]);
    expect(warn.mock.calls.map(([m]) => m)).toEqual([
      expect.stringContaining('number step asked to show /login'),
      expect.stringContaining('plan step asked to show /number/search, which the number step owns'),
    ]);
  });

  it('after a location check inside the UAE, goes to activation, by the server context the check just stored', () => {
    const navigate = jest.fn();
    // The shell has not rendered the refreshed status yet: its context still says "not checked".
    const off = listenForOutcomes({ context: () => ({ flags: EMPTY_FLOW_FLAGS, insideUae: null }), navigate });
    const loggedIn = flags({ is_plan_selected: true, is_number_selected: true, is_logged_in_via_email: true, has_password: true });
    applyFlowStatus({ flow_status_flags: loggedIn, flow_context: { ...EMPTY_SERVER_FLOW_CONTEXT, inside_uae: true } });
    bus.emit('identity:location-checked', { inside: true });
    off();
    expect(navigate.mock.calls).toEqual([['/activation_method']]);
    applyFlowStatus({ flow_status_flags: EMPTY_FLOW_FLAGS, flow_context: EMPTY_SERVER_FLOW_CONTEXT });
  });

  it('an outcome heard while the flow status is being read is routed by the flags that read brings', async () => {
    const queryClient = createQueryClient();
    let answer: (flags: FlowStatusFlags) => void = () => undefined;
    const read = { getFlowStatus: () => new Promise<{ flow_status_flags: FlowStatusFlags }>((resolve) => (answer = (f) => resolve({ flow_status_flags: f }))) };
    const unlink = linkFlowStatus({ queryClient, store, api: read, client: { onFlowChange: () => () => undefined } });
    setFlowFlags(flags({ is_plan_selected: true }));
    const navigate = jest.fn();
    const off = listenForOutcomes({ context: () => ({ flags: EMPTY_FLOW_FLAGS }), navigate, queryClient });
    // A hold ran out on screen, say: the flags are being read again when the plan step announces.
    const reading = fetchFlowStatus(queryClient);
    bus.emit('plan:saved', { productCode: 199 });
    expect(navigate).not.toHaveBeenCalled();
    const current = flags({ is_plan_selected: true, is_number_selected: true });
    answer(current);
    await reading;
    await new Promise((resolve) => setTimeout(resolve, 0));
    off();
    unlink();
    expect(navigate.mock.calls).toEqual([[routeAfterPlanSaved({ flags: current, navigatingInApp: true })]]);
    expect(navigate).not.toHaveBeenCalledWith('/number');
  });

  it('an outside answer does not move: the location page explains it', () => {
    const { navigate, off } = listen({ is_plan_selected: true, is_number_selected: true, is_logged_in_via_email: true });
    bus.emit('identity:location-checked', { inside: false });
    off();
    expect(navigate).not.toHaveBeenCalled();
  });
});
