import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Provider } from 'jotai';
import { api, DELIVERY_DRAFT_STORAGE_KEY, EMPTY_FLOW_FLAGS, sessionAtom, store, type FlowContext, type SavedPlan, setHeldNumber, setSavedPlan, updateSession } from '@join/shared';
import { retailApi, RETAIL_START_URL } from '@join/shared/retail';
import { Header } from '../header';
import { browserLocation } from '../browser-location';
import { polyfillDialog } from '@join/shared/testing';

beforeAll(polyfillDialog);
afterEach(() => jest.restoreAllMocks());

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="route">{pathname}</output>;
}

/** The header on `path`, re-rendered with the route it navigates to (as the shell does). */
function renderHeader(path: string, ctx: FlowContext) {
  function Routed() {
    const { pathname } = useLocation();
    return <Header pathname={pathname} ctx={ctx} />;
  }
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routed />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const route = () => screen.getByRole('status', { name: 'route' }).textContent;
const backButton = () => screen.queryByRole('button', { name: /back/i });
const click = async (el: HTMLElement | null) => {
  expect(el).not.toBeNull();
  await userEvent.click(el!);
};
const planAndNumber = { ...EMPTY_FLOW_FLAGS, is_plan_selected: true, is_number_selected: true };

describe('header back control (backRoute)', () => {
  it('has no back on the first step', () => {
    renderHeader('/plan-selection', { flags: EMPTY_FLOW_FLAGS });
    expect(backButton()).toBeNull();
  });

  it('goes from a sub-page back to its step, keeping the selection', async () => {
    renderHeader('/number/search', { flags: EMPTY_FLOW_FLAGS });
    await click(backButton());
    expect(route()).toBe('/number');
    // On /number itself with nothing chosen, the plan step before it is active: back goes there.
    await click(backButton());
    expect(route()).toBe('/plan-selection');
  });

  it('passes over skipped steps: none before login once plan and number are chosen, so no back', () => {
    renderHeader('/login', { flags: planAndNumber });
    expect(backButton()).toBeNull();
  });

  it('from the number step goes back to the plan step while no plan is chosen', async () => {
    renderHeader('/number', { flags: { ...EMPTY_FLOW_FLAGS, is_number_selected: true } });
    await click(backButton());
    expect(route()).toBe('/plan-selection');
  });
});

describe('going back clears answers where the flow contract says (clearsOnBack)', () => {
  it('from the first address step: the server clears the residency first, the draft is forgotten, then the residency check', async () => {
    const cleared = { ...planAndNumber, is_logged_in_via_email: true, has_password: true };
    const flowBack = jest.spyOn(api, 'flowBack').mockResolvedValue({
      flow_status_flags: cleared,
      flow_context: { resident_type: null, sim_type: null, inside_uae: true, has_delivery_form: false, terminated_email: null, retail: false },
    });
    window.sessionStorage.setItem(DELIVERY_DRAFT_STORAGE_KEY, '{"pin":{"lat":25,"lng":55}}');
    renderHeader('/submit_delivery', {
      flags: { ...cleared, is_resident_done: true },
      residentType: 'resident',
      simType: 'physical',
      hasDeliveryForm: true,
      insideUae: true,
    });
    await click(backButton());
    expect(flowBack).toHaveBeenCalledWith('/submit_delivery');
    expect(await screen.findByText('/activation_method')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(DELIVERY_DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('an earlier address sub-step clears nothing', async () => {
    const flowBack = jest.spyOn(api, 'flowBack');
    renderHeader('/submit_delivery/details', {
      flags: { ...planAndNumber, is_logged_in_via_email: true, is_resident_done: true },
      residentType: 'resident',
      simType: 'physical',
      hasDeliveryForm: true,
      insideUae: true,
    });
    await click(backButton());
    expect(route()).toBe('/submit_delivery');
    expect(flowBack).not.toHaveBeenCalled();
  });
});

describe('retail header back (retailBack)', () => {
  it('has named Back and Home icon buttons and no brand link to the visitor home', async () => {
    renderHeader('/number', { flags: planAndNumber, retail: true });
    const banner = screen.getByRole('banner');
    expect(banner).toHaveClass('header--retail');
    expect(await within(banner).findByRole('button', { name: 'Back' })).toHaveClass('header__icon-btn');
    expect(within(banner).getByRole('button', { name: 'Start over' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(within(banner).queryByRole('link')).toBeNull();
  });

  it('from the plan step wipes the customer (reason back) and replaces the page with the retail start', async () => {
    const replace = jest.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
    const assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const end = jest.spyOn(retailApi, 'endCustomerSession').mockResolvedValue({ ended: true });
    act(() => updateSession({ ...store.get(sessionAtom), sessionId: 'abc', uid: 'u1' }));
    const deviceBefore = store.get(sessionAtom).deviceId;
    renderHeader('/plan-selection', { flags: planAndNumber, retail: true });
    await click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(RETAIL_START_URL));
    expect(RETAIL_START_URL).toBe('/#/retail');
    expect(end).toHaveBeenCalledWith('back');
    expect(assign).not.toHaveBeenCalled(); // Back must not return to the customer's page
    expect(store.get(sessionAtom).sessionId).toBeNull();
    expect(store.get(sessionAtom).deviceId).not.toBe(deviceBefore);
  });

  it('from the face scan returns to the document scan', async () => {
    renderHeader('/activation_method/scan_face', { flags: planAndNumber, retail: true });
    await click(await screen.findByRole('button', { name: 'Back' }));
    expect(route()).toBe('/activation_method/scan_document');
  });

  it('elsewhere closes the summary and goes to the plan step', async () => {
    act(() => setHeldNumber({ MSISDN: '971581234567', InTransferTo: null, VanityLevelId: 1, ReservationDate: null, ExpiryDate: null }));
    renderHeader('/number', { flags: planAndNumber, retail: true });
    await screen.findByRole('button', { name: 'Back' });
    await userEvent.click(screen.getByRole('button', { name: /your selection/i }));
    expect(screen.getByRole('dialog', { name: 'Your selection' })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('banner')).getAllByRole('button', { name: /back/i })[0]!);
    expect(screen.queryByRole('dialog', { name: 'Your selection' })).toBeNull();
    expect(route()).toBe('/plan-selection');
  });
});

describe('cart summary edit controls (canEditStep)', () => {
  const plan = () => {
    // The smallest saved plan the summary renders.
    const product = { ProductCode: 199, Name: 'Tourist 199', ProductCategory: 'PAYG', CommitmentDuration: 1, AvailablePlans: [], PackagesPricingTable: [], AllowedFeatures: [], Promotions: [] };
    return { ID: 1, product, Plans: [], PackagePrice: { NetPrice: 50, PlanNetPrice: 50, VATPercentage: 5, VATAmount: 2.5, ExtraCharges: [], Discounts: [] }, Boosters: [] } as unknown as SavedPlan;
  };
  beforeEach(() =>
    act(() => {
      setSavedPlan(plan());
      setHeldNumber({ MSISDN: '971581234567', InTransferTo: null, VanityLevelId: 4, ReservationDate: null, ExpiryDate: null });
    }),
  );

  it('each item edits its step when allowed, and the edit goes there', async () => {
    renderHeader('/number', { flags: planAndNumber });
    await userEvent.click(screen.getByRole('button', { name: /your selection/i }));
    const dialog = screen.getByRole('dialog', { name: 'Your selection' });
    expect(within(dialog).getByRole('button', { name: 'Edit: Number' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit: Plan' }));
    expect(route()).toBe('/plan-selection');
  });

  it('the plan of a VIP number cannot be edited', async () => {
    renderHeader('/number', { flags: { ...planAndNumber, has_vip: true } });
    await userEvent.click(screen.getByRole('button', { name: /your selection/i }));
    const dialog = screen.getByRole('dialog', { name: 'Your selection' });
    expect(within(dialog).queryByRole('button', { name: 'Edit: Plan' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Edit: Number' })).toBeInTheDocument();
  });

  it('nothing is editable once paid', async () => {
    renderHeader('/number', { flags: { ...planAndNumber, is_plan_paid: true, is_logged_in_via_email: true } });
    await userEvent.click(screen.getByRole('button', { name: /your selection/i }));
    const dialog = screen.getByRole('dialog', { name: 'Your selection' });
    expect(within(dialog).queryByRole('button', { name: /^Edit/ })).toBeNull();
  });
});
