import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, EMPTY_FLOW_FLAGS, setBizConfig, setHeldNumber, setStartParams, type PhoneNumber } from '@join/shared';
import { businessConfig, polyfillDialog, renderInPage } from '@join/shared/testing';
import { api } from '../api/endpoints';
import NumberStep from '../step';
import { SearchPage } from '../pages/search-page';

/**
 * SPEC 4: a non-VIP choice goes to /number/confirmation unless the experiment is on. The switch is
 * the server's (the business config's skip_number_confirmation), read here both ways.
 */
beforeAll(polyfillDialog);

const num = (msisdn: string, level = 1, held = false): PhoneNumber => ({
  MSISDN: msisdn,
  InTransferTo: null,
  VanityLevelId: level,
  ReservationDate: held ? new Date().toISOString() : null,
  ExpiryDate: held ? new Date(Date.now() + 15 * 60_000).toISOString() : null,
});

const experiment = (on: boolean) => act(() => setBizConfig({ status: 'ready', config: businessConfig({ skip_number_confirmation: on }) }));

function mockApi() {
  return {
    random: jest.spyOn(api, 'randomNumbers').mockResolvedValue({ numbers: [num('971580000001')] }),
    reserve: jest.spyOn(api, 'reserveNumber').mockImplementation(async (m: string) => ({ number: num(m, m.startsWith('97158555') ? 6 : 1, true) })),
    cancel: jest.spyOn(api, 'cancelNumber').mockResolvedValue({ numbers: [] }),
    flow: jest.spyOn(api, 'postFlowStatus').mockResolvedValue({ flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_number_selected: true } }),
    commit: jest.spyOn(api, 'commitNumber').mockImplementation(async () => ({
      reservation: { reservation_id: 1, reservation_type: 'number', number: num('971580000001', 1, true), committed: true, extensions_left: 10 },
    })),
    saved: jest.spyOn(api, 'getSavedPlans').mockResolvedValue({ product: null, save_plans: [] }),
    search: jest.spyOn(api, 'searchNumbers').mockResolvedValue({
      numbers: [num('971581234567'), num('971585555555', 6)],
      page: 1,
      per_page: 10,
      has_more: false,
    }),
  };
}

function watchBus() {
  const to: string[] = [];
  const confirmed: string[] = [];
  const offs = [bus.on('navigate:request', (e) => to.push(e.to)), bus.on('number:confirmed', (e) => confirmed.push(e.msisdn))];
  return { to, confirmed, off: () => offs.forEach((o) => o()) };
}

let watched: ReturnType<typeof watchBus>;
beforeEach(() => {
  watched = watchBus();
  act(() => setStartParams({}));
});
afterEach(() => {
  watched.off();
  jest.restoreAllMocks();
  experiment(false);
});

describe('the experiment off (the default)', () => {
  it('a random number taken goes to its confirmation, and so does Continue on a held number: nothing is committed here', async () => {
    experiment(false);
    act(() => setHeldNumber(null));
    const m = mockApi();
    renderInPage(<NumberStep route="/number" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Take this number' }));
    await waitFor(() => expect(watched.to).toEqual(['/number/confirmation']));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(watched.to).toEqual(['/number/confirmation', '/number/confirmation']);
    expect(m.commit).not.toHaveBeenCalled();
  });

  it('a non-VIP number chosen in the search goes to its confirmation', async () => {
    experiment(false);
    act(() => setHeldNumber(null));
    mockApi();
    renderInPage(<SearchPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Choose\s+0581234567/ }));
    await waitFor(() => expect(watched.to).toEqual(['/number/confirmation']));
  });
});

describe('the experiment on', () => {
  it('a random number taken stays on /number, and Continue confirms it (the server commits) and moves on', async () => {
    experiment(true);
    act(() => setHeldNumber(null));
    const m = mockApi();
    renderInPage(<NumberStep route="/number" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Take this number' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(watched.confirmed).toEqual(['971580000001']));
    expect(m.commit).toHaveBeenCalledTimes(1);
    expect(m.saved).toHaveBeenCalled();
    expect(watched.to).toEqual([]);
  });

  it('a non-VIP number chosen in the search comes back to /number, a VIP one still goes to its confirmation', async () => {
    experiment(true);
    act(() => setHeldNumber(null));
    const m = mockApi();
    renderInPage(<SearchPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Choose\s+0581234567/ }));
    await waitFor(() => expect(watched.to).toEqual(['/number']));
    await userEvent.click(await screen.findByRole('button', { name: /Choose\s+0585555555/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, take this VIP number' }));
    await waitFor(() => expect(watched.to).toEqual(['/number', '/number/confirmation']));
    expect(m.commit).not.toHaveBeenCalled();
  });

  it('Continue on a held VIP number goes to its confirmation (its VIP plan comes first)', async () => {
    experiment(true);
    act(() => setHeldNumber(num('971585555555', 6, true)));
    const m = mockApi();
    renderInPage(<NumberStep route="/number" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(watched.to).toEqual(['/number/confirmation']);
    expect(m.commit).not.toHaveBeenCalled();
  });
});
