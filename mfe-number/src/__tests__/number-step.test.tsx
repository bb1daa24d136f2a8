import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_FLOW_FLAGS, type PhoneNumber, setHeldNumber } from '@join/shared';
import { api } from '../api/endpoints';
import NumberStep from '../step';
import { phoneNumberText } from '../test-utils/number-text';
import { OFFER_STORAGE_KEY, readStoredOffer } from '../offer-storage';
import { renderInPage } from '@join/shared/testing';

const num = (msisdn: string, held = false): PhoneNumber => ({
  MSISDN: msisdn,
  InTransferTo: null,
  VanityLevelId: 1,
  ReservationDate: held ? new Date().toISOString() : null,
  ExpiryDate: held ? new Date(Date.now() + 15 * 60_000).toISOString() : null,
});

/** Answers after a network-like pause, so effects run in between as they do in a browser. */
const later = <T,>(value: T) => new Promise<T>((r) => setTimeout(() => r(value), 10));

function mockApi() {
  let n = 0;
  return {
    random: jest.spyOn(api, 'randomNumbers').mockImplementation(() => later({ numbers: [num(`97158000000${n++}`)] })),
    reserve: jest.spyOn(api, 'reserveNumber').mockImplementation((m: string) => later({ number: num(m, true) })),
    cancel: jest.spyOn(api, 'cancelNumber').mockImplementation(() => later({ numbers: [] })),
    flow: jest.spyOn(api, 'postFlowStatus').mockImplementation((key) =>
      later({ flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_number_selected: key !== 115 } }),
    ),
    product: jest.spyOn(api, 'getCurrentProduct').mockImplementation(() => later({ product: {} as never })),
    saved: jest.spyOn(api, 'getSavedPlans').mockImplementation(() => later({ product: null, save_plans: [] })),
  };
}

const renderStep = () => renderInPage(<NumberStep route="/number" />);

describe('number step', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    sessionStorage.clear();
  });

  it('offers a random number, takes it, and shows the hold countdown', async () => {
    act(() => setHeldNumber(null));
    const m = mockApi();
    renderStep();
    expect(await screen.findByText(phoneNumberText('0580000000'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Take this number' }));
    expect(m.reserve).toHaveBeenCalledWith('971580000000');
    expect(await screen.findByRole('timer')).toHaveTextContent(/^1[45]:\d{2}$/);
    // The page's announcement region (beside it, the address challenge's status, empty).
    expect(screen.getByText('Number 0580000000 is reserved for you.')).toHaveAttribute('role', 'status');
  });

  it('releasing the held number offers exactly one new number', async () => {
    act(() => setHeldNumber(num('971589999999', true)));
    const m = mockApi();
    renderStep();
    expect(screen.getByText(phoneNumberText('0589999999'))).toBeInTheDocument();
    expect(m.random).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Release this number' }));
    expect(await screen.findByText(phoneNumberText('0580000000'))).toBeInTheDocument();
    // let every pending effect and request settle: the offer must not change under the user
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(m.cancel).toHaveBeenCalledWith('971589999999');
    expect(m.random).toHaveBeenCalledTimes(1);
    expect(screen.getByText(phoneNumberText('0580000000'))).toBeInTheDocument();
  });

  it('the number on offer survives a reload of the tab (the language switch reloads): the same one, not another', async () => {
    act(() => setHeldNumber(null));
    const m = mockApi();
    const first = renderStep();
    expect(await screen.findByText(phoneNumberText('0580000000'))).toBeInTheDocument();
    first.unmount();
    renderStep();
    expect(screen.getByText(phoneNumberText('0580000000'))).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(m.random).toHaveBeenCalledTimes(1);
    // Another number replaces it, for a reload too.
    await userEvent.click(screen.getByRole('button', { name: 'Show another number' }));
    expect(await screen.findByText(phoneNumberText('0580000001'))).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(OFFER_STORAGE_KEY)!)).toMatchObject({ MSISDN: '971580000001' });
  });

  it('a number taken is no longer on offer after a reload; an unreadable or held one stored is none', async () => {
    act(() => setHeldNumber(null));
    const m = mockApi();
    renderStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Take this number' }));
    await screen.findByRole('timer');
    expect(sessionStorage.getItem(OFFER_STORAGE_KEY)).toBeNull();
    for (const stored of ['{not json', JSON.stringify(num('971581111111', true)), JSON.stringify({ MSISDN: 12 })]) {
      sessionStorage.setItem(OFFER_STORAGE_KEY, stored);
      expect(readStoredOffer()).toBeNull();
    }
    expect(m.random).toHaveBeenCalledTimes(1);
  });
});
