import { answer, callsTo, DEVICE_WITH_STAFF, refusal } from './fake-api';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_FLOW_FLAGS, i18n, sessionAtom, setFlowFlags, setSavedPlan, store, updateSession } from '@join/shared';
import { retailStart } from '../../../start/retail-start';
import { browserLocation } from '../../../shell/browser-location';
import { axeViolations, renderRetail, retailTextsLoaded } from './render-retail';

const FLOW = { flow_status_flags: EMPTY_FLOW_FLAGS };
const CUSTOMER = { session_id: 'c'.repeat(64), profile: { uid: 'u-customer' } };

beforeAll(retailTextsLoaded);
beforeEach(() => {
  updateSession({ deviceId: 'previous-device-1', sessionId: 'previous-session', uid: 'u-previous', accountNumber: 'ACC-OLD', language: 'en', gclid: null });
  setFlowFlags(null);
});
afterEach(() => act(() => i18n.setLanguage('en')));

describe('the retail start screen', () => {
  it('shows the shop and the staff member, nothing else, and the switch to the device’s other language', async () => {
    answer({ 'GET /retail/device': { body: DEVICE_WITH_STAFF } });
    renderRetail('/retail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dubai Mall' })).toHaveFocus();
    expect(screen.getByText((_, el) => el?.classList.contains('retail-staff') === true)).toHaveTextContent('Signed in: Aisha Khan');
    expect(screen.getByRole('button', { name: 'Start a new customer' })).toBeInTheDocument();
    // A staff member chooses the device's language here (a wipe puts English back: wipe.test.ts).
    const reload = jest.spyOn(browserLocation, 'reload').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'العربية' }));
    expect(store.get(sessionAtom).language).toBe('ar');
    expect(reload).toHaveBeenCalled();
    reload.mockRestore();
    expect(await axeViolations()).toEqual([]);
  });

  it('starts a customer with a fresh device id and no previous session, stores the answer and opens plan selection', async () => {
    setSavedPlan({ ID: 9 } as never);
    answer({
      'GET /retail/device': { body: DEVICE_WITH_STAFF },
      'POST /retail/customer-sessions': { body: CUSTOMER },
      'GET /me/flow_status': { body: FLOW },
    });
    renderRetail('/retail');
    await userEvent.click(await screen.findByRole('button', { name: 'Start a new customer' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/plan-selection');
    const [call] = callsTo('POST /retail/customer-sessions');
    const deviceId = call?.headers.get('device-id');
    expect(deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(deviceId).not.toBe('previous-device-1');
    expect(call?.headers.get('session-id')).toBeNull();
    expect(call?.headers.get('account-number')).toBeNull();
    expect([...(call?.body.keys() ?? [])]).toEqual([]);
    expect(store.get(sessionAtom)).toMatchObject({ deviceId, sessionId: CUSTOMER.session_id, uid: 'u-customer' });
  });

  it('sends a device not enrolled to the enrolment', async () => {
    answer({ 'GET /retail/device': refusal(401, 'device_not_enrolled') });
    renderRetail('/retail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Enrol this device' })).toBeInTheDocument();
  });

  it('sends a device with no staff signed in to the sign-in (staff null or staff_signed_out)', async () => {
    answer({ 'GET /retail/device': { body: { ...DEVICE_WITH_STAFF, staff: null, staff_expires_at: null } } });
    renderRetail('/retail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
  });

  it('a staff sign-in that ran out while starting a customer goes to the sign-in', async () => {
    let expired = false;
    answer({
      'GET /retail/device': () => ({ body: { ...DEVICE_WITH_STAFF, staff: expired ? null : DEVICE_WITH_STAFF.staff } }),
      'POST /retail/customer-sessions': () => {
        expired = true;
        return refusal(401, 'staff_signed_out');
      },
    });
    renderRetail('/retail');
    await userEvent.click(await screen.findByRole('button', { name: 'Start a new customer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    expect(store.get(sessionAtom).sessionId).toBeNull();
  });

  it('signs the staff member out and goes to the sign-in', async () => {
    let signedIn = true;
    answer({
      'GET /retail/device': () => ({ body: { ...DEVICE_WITH_STAFF, staff: signedIn ? DEVICE_WITH_STAFF.staff : null } }),
      'POST /retail/staff/sign-out': () => {
        signedIn = false;
        return { body: { ...DEVICE_WITH_STAFF, staff: null, staff_expires_at: null } };
      },
    });
    renderRetail('/retail');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    expect(callsTo('POST /retail/staff/sign-out')).toHaveLength(1);
  });

  it('says retail is switched off when the server does, and when the business config does (no call)', async () => {
    answer({ 'GET /retail/device': refusal(404, 'retail_off') });
    const first = renderRetail('/retail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Retail mode is switched off' })).toBeInTheDocument();
    first.unmount();
    answer({});
    renderRetail('/retail/sign-in', { retailFlow: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Retail mode is switched off' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Staff ID/)).not.toBeInTheDocument();
    expect(callsTo('GET /retail/device')).toHaveLength(0);
  });
});

describe("SPEC 4's retail entry (is_retail with session, account and deviceid)", () => {
  const SESSION = 'a'.repeat(64);
  const enter = () => retailStart({ is_retail: '1', session: SESSION, account: 'ACC-9', deviceid: 'shop-device-77' }, true, { location: { hash: '#/retail' } });

  it('with the staff sign-in: adopts the session with its device id and continues at the recommended route', async () => {
    enter();
    answer({
      'GET /retail/device': { body: DEVICE_WITH_STAFF },
      'POST /retail/customer-sessions': { body: { session_id: SESSION, profile: { uid: 'u-entry' } } },
      'GET /me/flow_status': { body: { flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_plan_selected: true, is_number_selected: true } } },
      'GET /plans/saved_plans': { body: { product: null, save_plans: [] } },
      'GET /numbers': { body: { numbers: [] } },
    });
    renderRetail('/retail');
    await screen.findByText((_, el) => el?.getAttribute('data-testid') === 'where' && el.textContent !== '/retail');
    const [call] = callsTo('POST /retail/customer-sessions');
    expect(call?.body.get('session')).toBe(SESSION);
    expect(call?.body.get('account')).toBe('ACC-9');
    expect(call?.headers.get('device-id')).toBe('shop-device-77');
    expect(store.get(sessionAtom)).toMatchObject({ sessionId: SESSION, uid: 'u-entry', deviceId: 'shop-device-77', accountNumber: 'ACC-9' });
    expect(screen.getByTestId('where')).toHaveTextContent('/number');
  });

  it('without it the server refuses and the screen says why (no session kept)', async () => {
    enter();
    answer({
      'GET /retail/device': { body: { ...DEVICE_WITH_STAFF, staff: null, staff_expires_at: null } },
      'POST /retail/customer-sessions': refusal(403, 'retail_credential_required'),
    });
    renderRetail('/retail');
    expect(await screen.findByRole('alert')).toHaveTextContent("This link opens a customer's session on a shop device only.");
    expect(store.get(sessionAtom).sessionId).toBeNull();
    expect(screen.getByRole('link', { name: 'Staff sign-in' })).toHaveAttribute('href', '/retail/sign-in');
  });
});
