import { answer, callsTo } from './fake-api';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations, renderRetail, retailTextsLoaded } from './render-retail';

const CODE = { device_code: 'dc-secret', user_code: 'BCDFGHJK', verification_uri: 'https://join.test/#/retail/manager', expires_in: 600, interval: 5 };
const pending = { status: 400, body: { error: 'authorization_pending' } };

beforeAll(retailTextsLoaded);
afterEach(() => jest.useRealTimers());

/** Advances the fake clock by `ms` and lets the answers land. */
async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

async function showCode(token: (n: number) => { status?: number; body: unknown }) {
  let n = 0;
  answer({
    'POST /retail/device/code': { body: CODE },
    'POST /retail/device/token': () => token(++n),
    'GET /retail/device': { status: 401, body: { code: 'staff_signed_out', message: '' } },
  });
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  renderRetail('/retail/enrol');
  expect(await screen.findByRole('heading', { level: 1, name: 'Enrol this device' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Enrol this device' }));
  expect(await screen.findByText('BCDF-GHJK')).toBeInTheDocument();
  expect(screen.getByText(CODE.verification_uri)).toBeInTheDocument();
  return user;
}

describe('the enrolment screen (RFC 8628 device flow)', () => {
  it('shows the code, polls every interval, and goes to the staff sign-in once a manager approves', async () => {
    await showCode((n) => (n < 3 ? pending : { body: { device_id: 'dev-1', shop: { id: 'dxb-mall', name: 'Dubai Mall', name_ar: 'دبي مول' } } }));
    // RFC 8628 3.5: the first poll waits the interval too.
    await advance(4_999);
    expect(callsTo('POST /retail/device/token')).toHaveLength(0);
    await advance(1);
    expect(callsTo('POST /retail/device/token')).toHaveLength(1);
    expect(callsTo('POST /retail/device/token')[0]?.body.get('device_code')).toBe('dc-secret');
    expect(screen.getByText(/Waiting for a manager/)).toHaveAttribute('role', 'status');
    await advance(10_000);
    expect(callsTo('POST /retail/device/token')).toHaveLength(3);
    expect(screen.getByTestId('where')).toHaveTextContent('/retail/sign-in');
    // The device code is the device's secret in the grant: never shown, never stored by the page.
    expect(document.body.textContent).not.toContain('dc-secret');
    expect(JSON.stringify({ ...localStorage })).not.toContain('dc-secret');
  });

  it('slows down by five seconds on slow_down, for every later poll', async () => {
    await showCode((n) => (n === 1 ? { status: 400, body: { error: 'slow_down' } } : pending));
    await advance(5_000);
    expect(callsTo('POST /retail/device/token')).toHaveLength(1);
    await advance(9_999);
    expect(callsTo('POST /retail/device/token')).toHaveLength(1);
    await advance(1);
    expect(callsTo('POST /retail/device/token')).toHaveLength(2);
    await advance(10_000);
    expect(callsTo('POST /retail/device/token')).toHaveLength(3);
  });

  it('stops on expired_token, says so, and offers a new code', async () => {
    const user = await showCode(() => ({ status: 400, body: { error: 'expired_token' } }));
    await advance(5_000);
    expect(await screen.findByRole('alert')).toHaveTextContent('This code has expired');
    expect(screen.queryByText('BCDF-GHJK')).not.toBeInTheDocument();
    await advance(60_000);
    expect(callsTo('POST /retail/device/token')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Get a new code' }));
    expect(callsTo('POST /retail/device/code')).toHaveLength(2);
  });

  it('stops on access_denied with its own message', async () => {
    await showCode(() => ({ status: 400, body: { error: 'access_denied' } }));
    await advance(5_000);
    expect(await screen.findByRole('alert')).toHaveTextContent('A manager denied this device');
    await advance(60_000);
    expect(callsTo('POST /retail/device/token')).toHaveLength(1);
  });

  it('stops once the code has run out (expires_in) even if the server never says so', async () => {
    await showCode(() => pending);
    await advance(600_000);
    expect(await screen.findByRole('alert')).toHaveTextContent('This code has expired');
    const polls = callsTo('POST /retail/device/token').length;
    await advance(60_000);
    expect(callsTo('POST /retail/device/token')).toHaveLength(polls);
  });

  it('has no axe violations with the code on screen', async () => {
    answer({ 'POST /retail/device/code': { body: CODE }, 'POST /retail/device/token': pending });
    renderRetail('/retail/enrol');
    await userEvent.click(await screen.findByRole('button', { name: 'Enrol this device' }));
    await screen.findByText('BCDF-GHJK');
    expect(await axeViolations()).toEqual([]);
  });
});
