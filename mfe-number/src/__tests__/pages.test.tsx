import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, bus, EMPTY_FLOW_FLAGS, numberAtom, store, type PhoneNumber, setHeldNumber, setStartParams } from '@join/shared';
import { api } from '../api/endpoints';
import { SearchPage } from '../pages/search-page';
import { TransferPage } from '../pages/transfer-page';
import { TransferTermsPage } from '../pages/transfer-terms-page';
import { pendingTransferAtom } from '../transfer-atom';
import { phoneNumberText } from '../test-utils/number-text';
import { polyfillDialog, renderInPage } from '@join/shared/testing';

beforeAll(polyfillDialog);
afterEach(() => jest.restoreAllMocks());

const num = (msisdn: string, level = 1): PhoneNumber => ({ MSISDN: msisdn, InTransferTo: null, VanityLevelId: level, ReservationDate: null, ExpiryDate: null });
const wrap = (ui: React.ReactNode) => renderInPage(ui);
const navigations = () => {
  const to: string[] = [];
  const off = bus.on('navigate:request', (e) => to.push(e.to));
  return { to, off };
};

describe('search page', () => {
  beforeEach(() => act(() => setStartParams({})));

  it('searches with the filters, pages with next and previous, and sends the tier levels', async () => {
    const search = jest.spyOn(api, 'searchNumbers').mockImplementation(async (q) => ({
      numbers: [num(`97158${q.page}000001`), num(`97158${q.page}000002`, 4)],
      page: q.page,
      per_page: 10,
      has_more: q.page < 2,
    }));
    wrap(<SearchPage />);
    expect(await screen.findByText(phoneNumberText('0581000001', '.number-display'))).toBeInTheDocument();
    expect(screen.getByText('Gold', { selector: '.tier-badge' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Digits'), '12x34');
    await userEvent.click(screen.getByLabelText('At the end'));
    await userEvent.click(screen.getByLabelText('Basic'));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(search).toHaveBeenLastCalledWith({ pattern: '1234', match: 'ends_with', vanityLevelIds: [3, 4, 6, 10], page: 1, perPage: 10 }));
    const pager = screen.getByRole('navigation', { name: 'Result pages' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(phoneNumberText('0582000001', '.number-display'))).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Available numbers' })).toHaveFocus();
  });

  it('opens on the VIP tiers with the vip start parameter, and shows a helpful empty state', async () => {
    act(() => setStartParams({ vip: '1', search: '777' }));
    const search = jest.spyOn(api, 'searchNumbers').mockResolvedValue({ numbers: [], page: 1, per_page: 10, has_more: false });
    wrap(<SearchPage />);
    expect(await screen.findByText('Try fewer digits.')).toBeInTheDocument();
    expect(search).toHaveBeenCalledWith(expect.objectContaining({ pattern: '777', vanityLevelIds: [3, 4, 6, 10] }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ pattern: '', vanityLevelIds: [1, 2, 3, 4, 6, 10] }));
  });

  it('a VIP number asks for confirmation before it is reserved, then goes to the confirmation', async () => {
    act(() => setHeldNumber(null));
    jest.spyOn(api, 'searchNumbers').mockResolvedValue({ numbers: [num('971585555555', 6)], page: 1, per_page: 10, has_more: false });
    const reserve = jest.spyOn(api, 'reserveNumber').mockImplementation(async (m) => ({ number: num(m, 6) }));
    jest.spyOn(api, 'postFlowStatus').mockResolvedValue({ flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_number_selected: true } });
    const nav = navigations();
    wrap(<SearchPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Choose\s+0585555555/ }));
    expect(reserve).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'A Diamond VIP number' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, take this VIP number' }));
    expect(reserve).toHaveBeenCalledWith('971585555555');
    expect(nav.to).toEqual(['/number/confirmation']);
    nav.off();
  });
});

describe('transfer', () => {
  it('checks the number and operator before asking portability, with announced errors', async () => {
    jest.spyOn(api, 'getOperators').mockResolvedValue({ operators: [{ code: 'du', name: 'du' }] });
    const verify = jest.spyOn(api, 'verifyPortability').mockResolvedValue({
      portable: true,
      external_number: '971551234567',
      operator: { code: 'du', name: 'du' },
    });
    const nav = navigations();
    wrap(<TransferPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Check my number' }));
    expect(screen.getByLabelText('Your current UAE mobile number')).toHaveAccessibleDescription(/Required field/);
    expect(screen.getByLabelText('Your current UAE mobile number')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Your current UAE mobile number'), '0412345');
    await userEvent.click(screen.getByRole('button', { name: 'Check my number' }));
    expect(screen.getByLabelText('Your current UAE mobile number')).toHaveAccessibleDescription(/Number is Invalid/);
    await userEvent.clear(screen.getByLabelText('Your current UAE mobile number'));
    await userEvent.type(screen.getByLabelText('Your current UAE mobile number'), '055 123 4567');
    await userEvent.click(screen.getByRole('button', { name: 'Check my number' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Required field');
    expect(screen.getByLabelText('Its current operator')).toHaveAccessibleDescription('Required field');
    expect(screen.getByLabelText('Its current operator')).toHaveFocus();
    await userEvent.selectOptions(screen.getByLabelText('Its current operator'), 'du');
    await userEvent.click(screen.getByRole('button', { name: 'Check my number' }));
    expect(verify).toHaveBeenCalledWith('0551234567', 'du');
    expect(store.get(pendingTransferAtom)).toEqual({ externalNumber: '0551234567', operator: 'du', operatorName: 'du' });
    expect(nav.to).toEqual(['/number/transfer-terms']);
    nav.off();
  });

  it('checks the number once its 10 digits are in, then moves on to the operator (SPEC 4)', async () => {
    jest.spyOn(api, 'getOperators').mockResolvedValue({ operators: [{ code: 'du', name: 'du' }] });
    wrap(<TransferPage />);
    const field = screen.getByLabelText('Your current UAE mobile number');
    await userEvent.type(field, '041 234 567');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.type(field, '8');
    expect(await screen.findByRole('alert')).toHaveTextContent('Number is Invalid');
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, '0551234567');
    await waitFor(() => expect(screen.getByLabelText('Its current operator')).toHaveFocus());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field).toHaveAttribute('dir', 'ltr');
  });

  it('a number someone else took (-2015) refreshes the results', async () => {
    act(() => setHeldNumber(null));
    const search = jest
      .spyOn(api, 'searchNumbers')
      .mockResolvedValueOnce({ numbers: [num('971581111111')], page: 1, per_page: 10, has_more: false })
      .mockResolvedValue({ numbers: [num('971582222222')], page: 1, per_page: 10, has_more: false });
    jest.spyOn(api, 'reserveNumber').mockRejectedValue(new ApiError('taken', { code: -2015, status: 409 }));
    const raised: unknown[] = [];
    const off = bus.on('error:raised', (e) => raised.push(e.error));
    wrap(<SearchPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Choose\s+0581111111/ }));
    expect(await screen.findByText(phoneNumberText('0582222222', '.number-display'))).toBeInTheDocument();
    expect(search).toHaveBeenCalledTimes(2);
    expect(api.reserveNumber).toHaveBeenCalledTimes(1);
    expect(raised).toHaveLength(1);
    off();
  });

  it('the terms must be ticked before the transfer is reserved', async () => {
    act(() => {
      store.set(pendingTransferAtom, { externalNumber: '0551234567', operator: 'du', operatorName: 'du' });
      setHeldNumber(null);
    });
    const transfer = jest.spyOn(api, 'reserveTransfer').mockResolvedValue({
      reservation: { reservation_id: 1, reservation_type: 'mnp', committed: false, extensions_left: 10, number: { ...num('971551234567'), InTransferTo: '971580000001' } },
    });
    jest.spyOn(api, 'postFlowStatus').mockResolvedValue({ flow_status_flags: EMPTY_FLOW_FLAGS });
    wrap(<TransferTermsPage />);
    // The number in the sentence is grouped for reading and reads (and copies) as its digits.
    expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Transfer 0551234567 from du.')).toBeInTheDocument();
    expect(screen.getByText(phoneNumberText('0551234567'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Transfer my number' }));
    expect(transfer).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Required field');
    expect(screen.getByLabelText('I agree to the transfer terms')).toHaveFocus();
    await userEvent.click(screen.getByLabelText('I agree to the transfer terms'));
    await userEvent.click(screen.getByRole('button', { name: 'Transfer my number' }));
    expect(transfer).toHaveBeenCalledWith('0551234567', 'du');
    expect(store.get(numberAtom)?.InTransferTo).toBe('971580000001');
    expect(store.get(pendingTransferAtom)).toBeNull();
  });
});

describe('transfer terms navigation', () => {
  it('after the transfer is reserved, only the way back to /number is asked for', async () => {
    act(() => {
      store.set(pendingTransferAtom, { externalNumber: '0551234567', operator: 'du', operatorName: 'du' });
      setHeldNumber(null);
    });
    jest.spyOn(api, 'reserveTransfer').mockResolvedValue({
      reservation: { reservation_id: 2, reservation_type: 'mnp', committed: false, extensions_left: 10, number: { ...num('971551234567'), InTransferTo: '971580000002' } },
    });
    jest.spyOn(api, 'postFlowStatus').mockResolvedValue({ flow_status_flags: EMPTY_FLOW_FLAGS });
    const nav = navigations();
    wrap(<TransferTermsPage />);
    await userEvent.click(screen.getByLabelText('I agree to the transfer terms'));
    await userEvent.click(screen.getByRole('button', { name: 'Transfer my number' }));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    nav.off();
    expect(nav.to).toEqual(['/number']);
  });
});
