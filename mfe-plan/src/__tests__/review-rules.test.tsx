import type { ReactNode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { BusinessConfig, EMPTY_FLOW_FLAGS, store, type PhoneNumber, setBizConfig, setFlowFlags, setHeldNumber } from '@join/shared';
import { createQueryClient } from '@join/shared/react';
import { type PlanChoice, type PlanQuoteResponse } from '@join/shared/plans';
import { api } from '../api/endpoints';
import { ChoicePanel } from '../components/choice-panel';
import { price, product as planProduct, streaming } from '../test-utils/fixtures';

// The review's rules that once survived every test: each test here fails
// when its rule is dropped.

const quoteOf = (net: number): PlanQuoteResponse => ({ package_price: price(net), promotions: [] });
const product = (code: number, extra: Record<string, unknown> = {}) =>
  planProduct(code, 200, { ProductCategory: 'Commitment', CommitmentDuration: 6, ...extra });
const held = (msisdn: string, vanity = 1): PhoneNumber => ({ MSISDN: msisdn, InTransferTo: null, VanityLevelId: vanity, ReservationDate: null, ExpiryDate: null });
const booster = (id: number) => ({ ID: id, Name: `Booster ${id}`, Type: 'DATA' as const, Value: 1024 ** 3, Validity: 30, NetPrice: 25, Tags: [] });

function renderPanel(ui: ReactNode) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </Provider>
  );
  return render(ui, { wrapper });
}

beforeEach(() => {
  act(() => {
    setBizConfig({ status: 'ready', config: BusinessConfig.parse({ vat_percentage: 5, min_promo_code_length: 4, max_promo_code_length: 12, promo_codes_enabled: false }) });
    setFlowFlags(EMPTY_FLOW_FLAGS);
    setHeldNumber(null);
  });
});
afterEach(() => jest.restoreAllMocks());

describe('boosters', () => {
  beforeEach(() => {
    jest.spyOn(api, 'getBoosters').mockImplementation(async (n) => ({ number: n, boosters: [booster(901), booster(902)] }));
  });

  it('drops the chosen boosters when the plan changes', async () => {
    act(() => setHeldNumber(held('971581234567')));
    const quote = jest.spyOn(api, 'quotePlan').mockResolvedValue(quoteOf(200));
    const { rerender } = renderPanel(<ChoicePanel product={product(201)} planIds={[2011]} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: /Booster 901/ }));
    await waitFor(() => expect(quote).toHaveBeenLastCalledWith({ productCode: 201, planIds: [2011], boosterIds: [901] }));
    rerender(<ChoicePanel product={product(202)} planIds={[2021]} />);
    await waitFor(() => expect(quote).toHaveBeenLastCalledWith({ productCode: 202, planIds: [2021] }));
    expect(await screen.findByRole('checkbox', { name: /Booster 901/ })).not.toBeChecked();
    // Back to the first plan: the old choice does not come back either.
    rerender(<ChoicePanel product={product(201)} planIds={[2011]} />);
    expect(await screen.findByRole('checkbox', { name: /Booster 901/ })).not.toBeChecked();
  });

  it('drops the chosen boosters when the held number changes', async () => {
    act(() => setHeldNumber(held('971581234567')));
    // Priced like the server: AED 25 a booster on top of the plan's 200, plus 5 % VAT.
    jest.spyOn(api, 'quotePlan').mockImplementation(async (c: PlanChoice) => quoteOf(200 + 25 * (c.boosterIds?.length ?? 0)));
    renderPanel(<ChoicePanel product={product(201)} planIds={[2011]} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: /Booster 902/ }));
    await waitFor(() => expect(screen.getByTestId('price-total')).toHaveTextContent('AED 236.25'));
    act(() => setHeldNumber(held('971587654321')));
    expect(await screen.findByRole('group', { name: /^Boosters for 058 ?765 ?4321$/ })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: /Booster 902/ })).not.toBeChecked();
    await waitFor(() => expect(screen.getByTestId('price-total')).toHaveTextContent('AED 210.00'));
  });

  it.each([
    ['held with the VIP flag', true, 1],
    ['of a VIP vanity level', false, 4],
  ])('offers none for a VIP number (%s)', async (_case, hasVip, vanity) => {
    act(() => {
      setHeldNumber(held('971585555555', vanity));
      setFlowFlags({ ...EMPTY_FLOW_FLAGS, has_vip: hasVip, is_number_selected: true });
    });
    jest.spyOn(api, 'quotePlan').mockResolvedValue(quoteOf(200));
    renderPanel(<ChoicePanel product={product(201)} planIds={[2011]} />);
    expect(await screen.findByTestId('price-total')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Boosters/ })).toBeNull();
    expect(api.getBoosters).not.toHaveBeenCalled();
  });
});

describe('live price', () => {
  it('shows the newest choice when an older answer arrives last', async () => {
    let answerFirst: (q: PlanQuoteResponse) => void = () => undefined;
    const quote = jest
      .spyOn(api, 'quotePlan')
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockImplementation(async (c: PlanChoice) => quoteOf(c.rechargeAmount ? 300 : 999));
    renderPanel(<ChoicePanel product={product(199, { ProductCategory: 'PAYG', CommitmentDuration: 1 })} planIds={[1991]} />);
    await waitFor(() => expect(quote).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByLabelText('AED 25.00'));
    await waitFor(() => expect(quote).toHaveBeenCalledTimes(2));
    expect(await screen.findByTestId('price-total')).toHaveTextContent('AED 315.00');
    // The first choice's answer comes in now: it is an old price and must not show.
    await act(async () => answerFirst(quoteOf(100)));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('price-total')).toHaveTextContent('AED 315.00');
    expect(screen.queryByText('Updating the price…')).toBeNull();
  });
});

describe('streaming offer', () => {
  const built = product(300, { IsCustomizable: true, ProductCategory: 'PAYG', CommitmentDuration: 1 });
  // A built plan's quote: 160 with the first option (qualifies), 120 with the second (does not).
  const mockBuiltQuote = () =>
    jest.spyOn(api, 'quotePlan').mockImplementation(async (c: PlanChoice) => quoteOf(c.planIds.includes(3011) ? 160 : 120));

  it('is withdrawn, and unticked, when the quote of a built plan no longer qualifies', async () => {
    const quote = mockBuiltQuote();
    const { rerender } = renderPanel(<ChoicePanel product={built} planIds={[3011]} />);
    await userEvent.click(await screen.findByLabelText('Add 3 months of music streaming, free'));
    await waitFor(() => expect(quote).toHaveBeenLastCalledWith({ productCode: 300, planIds: [3011], promotionKeys: ['streaming_music_3m'] }));
    rerender(<ChoicePanel product={built} planIds={[3012]} />);
    await waitFor(() => expect(screen.queryByLabelText('Add 3 months of music streaming, free')).toBeNull());
    await waitFor(() => expect(quote).toHaveBeenLastCalledWith({ productCode: 300, planIds: [3012] }));
    // Qualifying again offers it again, not taken: the visitor decides (and consents) anew.
    rerender(<ChoicePanel product={built} planIds={[3011]} />);
    expect(await screen.findByLabelText('Add 3 months of music streaming, free')).not.toBeChecked();
  });

  it('is withdrawn when the plan is no longer listed with it, and Continue saves without it', async () => {
    jest.spyOn(api, 'quotePlan').mockResolvedValue(quoteOf(299));
    const savePlan = jest.spyOn(api, 'savePlan').mockRejectedValue(new Error('stop here'));
    const setPreference = jest.spyOn(api, 'setPreference');
    const { rerender } = renderPanel(<ChoicePanel product={product(207, { Promotions: [streaming] })} planIds={[2071]} />);
    await userEvent.click(await screen.findByLabelText('Add 3 months of music streaming, free'));
    rerender(<ChoicePanel product={product(207)} planIds={[2071]} />);
    await waitFor(() => expect(screen.queryByLabelText('Add 3 months of music streaming, free')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Continue with this plan' }));
    await waitFor(() => expect(savePlan).toHaveBeenCalled());
    expect(savePlan.mock.calls[0]![0]).toEqual({ productCode: 207, planIds: [2071] });
    expect(setPreference).not.toHaveBeenCalled();
  });
});
