import { answer, callsTo, refusal, SHOP } from './fake-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations, renderRetail, retailTextsLoaded } from './render-retail';
import { localDate } from '../audit-section';

const MANAGER = { manager: { staff_id: 'M1001', name: 'Omar Saeed', role: 'manager' }, shop: SHOP, expires_at: '2026-11-27T22:00:00Z' };
const ENTRIES = [
  { id: 2, at: '2026-11-27T10:15:00Z', action: 'customer_session_started', shop_id: 'dxb-mall', device_id: 'dev-1', staff_id: 'S1001', staff_name: 'Aisha Khan', ref: 'cs-77' },
  { id: 1, at: '2026-11-27T09:00:00Z', action: 'device_enrolled', shop_id: 'dxb-mall', device_id: 'dev-1', staff_id: 'M1001', staff_name: 'Omar Saeed', ref: null },
];

beforeAll(retailTextsLoaded);

async function signInAsManager(path = '/retail/manager') {
  const user = userEvent.setup();
  renderRetail(path);
  await user.type(await screen.findByLabelText(/Staff ID/), 'M1001');
  await user.type(screen.getByLabelText(/^PIN/), '246810');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  // The manager's name as on their badge (not for translation), then the shop's name in the page's language.
  expect(await screen.findByText('Omar Saeed')).toHaveAttribute('translate', 'no');
  expect(screen.getByText('Omar Saeed').closest('p')).toHaveTextContent('Omar Saeed, Dubai Mall');
  return user;
}

describe("the manager's page", () => {
  beforeEach(() =>
    answer({
      'POST /retail/manager/sign-in': { body: MANAGER },
      'POST /retail/device/approve': (c) =>
        c.body.get('user_code') === 'BCDFGHJK' ? { body: { device_id: c.body.get('decision') === 'approve' ? 'dev-2' : null, shop: SHOP, decision: c.body.get('decision') } } : refusal(400, 'pairing_code_invalid'),
      'GET /retail/audit': { body: { shop: SHOP, entries: ENTRIES } },
    }),
  );

  it('refuses a staff member who is not a manager, with its own message', async () => {
    answer({ 'POST /retail/manager/sign-in': refusal(403, 'not_manager') });
    const user = userEvent.setup();
    renderRetail('/retail/manager');
    await user.type(await screen.findByLabelText(/Staff ID/), 'S1001');
    await user.type(screen.getByLabelText(/^PIN/), '135790');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("This staff ID is not a manager's.");
    expect(callsTo('GET /retail/audit')).toHaveLength(0);
  });

  it('approves the code prefilled from verification_uri_complete', async () => {
    const user = await signInAsManager('/retail/manager?user_code=BCDF-GHJK');
    expect(screen.getByLabelText(/Pairing code/)).toHaveValue('BCDF-GHJK');
    // A code from a link is never approved by opening it: the manager reads it and decides.
    expect(screen.getByText(/Approve only a code you can see on a device in your shop/)).toBeInTheDocument();
    expect(callsTo('POST /retail/device/approve')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Device approved for Dubai Mall.')).toHaveAttribute('role', 'status');
    expect(callsTo('POST /retail/device/approve')[0]?.body.get('user_code')).toBe('BCDFGHJK');
    expect(callsTo('POST /retail/device/approve')[0]?.body.get('decision')).toBe('approve');
  });

  it('denies a code typed by hand, in lower case with a space', async () => {
    const user = await signInAsManager();
    await user.type(screen.getByLabelText(/Pairing code/), 'bcdf ghjk');
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('Device denied.')).toBeInTheDocument();
    expect(callsTo('POST /retail/device/approve')[0]?.body.get('decision')).toBe('deny');
  });

  it('says an unknown or used code is refused, and checks the shape before calling', async () => {
    const user = await signInAsManager();
    await user.type(screen.getByLabelText(/Pairing code/), 'AAAA');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Enter the 8-letter code shown on the device.')).toBeInTheDocument();
    expect(callsTo('POST /retail/device/approve')).toHaveLength(0);
    await user.clear(screen.getByLabelText(/Pairing code/));
    await user.type(screen.getByLabelText(/Pairing code/), 'ZZZZ-ZZZZ');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is unknown, used or expired.');
  });

  it("reads today's audit as a table with translated actions, and another range on Show", async () => {
    const user = await signInAsManager();
    const table = await screen.findByRole('table', { name: 'Staff actions at Dubai Mall, newest first' });
    expect(callsTo('GET /retail/audit')[0]?.query.get('from')).toBe(localDate());
    expect(callsTo('GET /retail/audit')[0]?.query.get('to')).toBe(localDate());
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Time', 'Action', 'Staff', 'Device', 'Reference']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('Customer session started')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Aisha Khan (S1001)')).toHaveAttribute('translate', 'no');
    expect(within(rows[0] as HTMLElement).getByText('dev-1')).toHaveAttribute('translate', 'no');
    expect(within(rows[0] as HTMLElement).getByText('cs-77')).toHaveAttribute('translate', 'no');
    expect(within(rows[1] as HTMLElement).getByText('Device enrolled')).toBeInTheDocument();
    expect(rows[0]?.querySelector('time')).toHaveAttribute('datetime', '2026-11-27T10:15:00Z');
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByRole('table');
    expect(callsTo('GET /retail/audit').at(-1)?.query.get('from')).toBe('2026-11-01');
  });

  it('asks the server again on Show with the same range: what happened since the page opened', async () => {
    const user = await signInAsManager();
    await screen.findByRole('table');
    answer({ 'GET /retail/audit': { body: { shop: SHOP, entries: [{ ...ENTRIES[0]!, id: 3, action: 'staff_signed_in', ref: null }, ...ENTRIES] } } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Signed in')).toBeInTheDocument();
    expect(callsTo('GET /retail/audit')).toHaveLength(1);
  });

  it('has no axe violations once signed in', async () => {
    await signInAsManager();
    await screen.findByRole('table');
    expect(await axeViolations()).toEqual([]);
  });
});
