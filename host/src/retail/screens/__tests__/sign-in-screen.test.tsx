import { answer, callsTo, DEVICE_WITH_STAFF, refusal, SHOP, STAFF } from './fake-api';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from '@testing-library/react';
import { i18n } from '@join/shared';
import { AR_TRANSLATIONS } from '@join/shared/texts-ar';
import { axeViolations, renderRetail, retailTextsLoaded } from './render-retail';

const signedOut = { body: { ...DEVICE_WITH_STAFF, staff: null, staff_expires_at: null } };

beforeAll(retailTextsLoaded);

async function signIn(staffId: string, pin: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Staff ID/), staffId);
  await user.type(screen.getByLabelText(/^PIN/), pin);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the staff sign-in', () => {
  it('shows the shop, signs in with staff id and PIN, and goes to the start screen', async () => {
    let signedIn = false;
    answer({
      'GET /retail/device': () => (signedIn ? { body: DEVICE_WITH_STAFF } : signedOut),
      'POST /retail/staff/sign-in': () => {
        signedIn = true;
        return { body: { staff: STAFF, shop: SHOP, expires_at: '2026-11-27T22:00:00Z' } };
      },
    });
    renderRetail('/retail/sign-in');
    expect(await screen.findByText('Dubai Mall')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toHaveFocus();
    await signIn('s1001', '135790');
    expect(await screen.findByText((_, el) => el?.classList.contains('retail-staff') === true)).toHaveTextContent('Signed in: Aisha Khan');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/retail$/);
    const body = callsTo('POST /retail/staff/sign-in')[0]?.body;
    expect(body?.get('staff_id')).toBe('S1001');
    expect(body?.get('pin')).toBe('135790');
    // The PIN goes in the body of one call only: never in the address, the storage or another call.
    expect(window.location.href).not.toContain('135790');
    expect(JSON.stringify({ ...localStorage })).not.toContain('135790');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('135790');
  });

  it('checks the form before calling the server (a letter and digits; six digits)', async () => {
    answer({ 'GET /retail/device': signedOut });
    renderRetail('/retail/sign-in');
    await signIn('1001', '1234');
    expect(await screen.findByText('Enter a staff ID: a letter and 4 to 6 digits.')).toBeInTheDocument();
    expect(screen.getByText('Enter your 6-digit PIN.')).toBeInTheDocument();
    expect(callsTo('POST /retail/staff/sign-in')).toHaveLength(0);
  });

  it('says the same thing for a wrong id or a wrong PIN, announced, and clears the PIN', async () => {
    answer({ 'GET /retail/device': signedOut, 'POST /retail/staff/sign-in': refusal(401, 'staff_sign_in_failed') });
    renderRetail('/retail/sign-in');
    await signIn('S1001', '000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('The staff ID or PIN is wrong.');
    expect(screen.getByLabelText(/^PIN/)).toHaveValue('');
    expect(screen.getByTestId('where')).toHaveTextContent('/retail/sign-in');
  });

  it('a locked staff id is told how many minutes to wait, when the server says', async () => {
    answer({ 'GET /retail/device': signedOut, 'POST /retail/staff/sign-in': refusal(423, 'staff_locked', { retry_after_s: 840 }) });
    renderRetail('/retail/sign-in');
    await signIn('S1001', '000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 14 minutes.');
  });

  it('a lock without a time says "later"', async () => {
    answer({ 'GET /retail/device': signedOut, 'POST /retail/staff/sign-in': refusal(423, 'staff_locked') });
    renderRetail('/retail/sign-in');
    await signIn('S1001', '000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again later.');
  });

  it('a device not enrolled goes to the enrolment instead', async () => {
    answer({ 'GET /retail/device': refusal(401, 'device_not_enrolled') });
    renderRetail('/retail/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Enrol this device' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/retail/enrol');
  });

  it("in Arabic: the shop's Arabic name, Arabic labels and errors, and no axe violations", async () => {
    answer({ 'GET /retail/device': signedOut, 'POST /retail/staff/sign-in': refusal(401, 'staff_sign_in_failed') });
    act(() => {
      i18n.set('ar', AR_TRANSLATIONS);
      i18n.setLanguage('ar');
    });
    try {
      renderRetail('/retail/sign-in');
      expect(await screen.findByText('دبي مول')).toBeInTheDocument();
      // The example staff id is written as on a badge: isolated left to right, not for translation.
      expect(screen.getByText('S1001')).toHaveAttribute('translate', 'no');
      const user = userEvent.setup();
      await user.type(screen.getByLabelText(/رقم الموظف/), 'S1001');
      await user.type(screen.getByLabelText(/^الرقم السري/), '000000');
      await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('رقم الموظف أو الرقم السري غير صحيح.');
      expect(await axeViolations()).toEqual([]);
    } finally {
      act(() => i18n.setLanguage('en'));
    }
  });
});
