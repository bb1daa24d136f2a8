import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BusinessConfig, bus, EMPTY_FLOW_FLAGS, startParamsAtom, store, setBizConfig, setFlowFlags, setHeldNumber, setStartParams } from '@join/shared';
import { type PlanChoice } from '@join/shared/plans';
import { promotionApi } from '@join/shared/promotions';
import { api } from '../api/endpoints';
import { ChoicePanel } from '../components/choice-panel';
import { PlanSelectionPage } from '../pages/plan-selection-page';
import { price, product, streaming } from '../test-utils/fixtures';
import { renderInPage } from '@join/shared/testing';

const config = (promo: boolean) =>
  BusinessConfig.parse({ vat_percentage: 5, min_promo_code_length: 4, max_promo_code_length: 12, promo_codes_enabled: promo });
// A fresh query cache per render: no answer carries over from another test.
const wrap = (ui: React.ReactNode) => renderInPage(ui);

function mockQuote() {
  return jest.spyOn(api, 'quotePlan').mockImplementation(async (c: PlanChoice) => ({
    package_price: { ...price(200), ...(c.promoCode ? { NetPrice: 180, VATAmount: 9, Discounts: [{ Name: 'WELCOME10', Amount: 20 }] } : {}) },
    promotions: [],
  }));
}

beforeEach(() => {
  act(() => {
    setBizConfig({ status: 'ready', config: config(false) });
    setFlowFlags(EMPTY_FLOW_FLAGS);
    setHeldNumber(null);
    setStartParams({});
  });
});
afterEach(() => jest.restoreAllMocks());

describe('choice panel', () => {
  it('shows the server price and asks for it with the choice only', async () => {
    const quote = mockQuote();
    wrap(<ChoicePanel product={product(199, 200)} planIds={[1991]} />);
    expect(await screen.findByTestId('price-total')).toHaveTextContent('AED 210.00');
    expect(quote).toHaveBeenLastCalledWith({ productCode: 199, planIds: [1991] });
    await userEvent.click(screen.getByLabelText('AED 25.00'));
    await waitFor(() => expect(quote).toHaveBeenLastCalledWith({ productCode: 199, planIds: [1991], rechargeAmount: 25 }));
    expect(JSON.stringify(quote.mock.calls)).not.toMatch(/price/i);
  });

  it('will not take the streaming offer without the partner consent, then records preference 4 and saves with it', async () => {
    mockQuote();
    const setPreference = jest.spyOn(api, 'setPreference').mockResolvedValue({ preferences: [{ PreferenceID: 4, Value: true }] });
    const savePlan = jest.spyOn(api, 'savePlan').mockRejectedValue(new Error('stop here'));
    wrap(<ChoicePanel product={product(207, 299, { Promotions: [streaming] })} planIds={[2071]} />);
    await userEvent.click(screen.getByLabelText('Add 3 months of music streaming, free'));
    const consent = screen.getByLabelText(/music streaming partner/);
    await userEvent.click(screen.getByRole('button', { name: 'Continue with this plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Required field');
    expect(consent).toHaveFocus();
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(savePlan).not.toHaveBeenCalled();
    await userEvent.click(consent);
    await userEvent.click(screen.getByRole('button', { name: 'Continue with this plan' }));
    await waitFor(() => expect(savePlan).toHaveBeenCalled());
    expect(setPreference).toHaveBeenCalledWith(4, true);
    expect(savePlan.mock.calls[0]![0]).toEqual({ productCode: 207, planIds: [2071], promotionKeys: ['streaming_music_3m'] });
  });

  it("shows the operator's streaming offer (GET /cms/offers) on a plan that qualifies, whatever the consent", async () => {
    mockQuote();
    const offers = jest.spyOn(promotionApi, 'getOffers').mockResolvedValue({
      offers: [
        { key: 'streaming_offer', kind: 'streaming', promotion_key: 'streaming_music_3m', title: 'Music streaming on us', text: '3 months free with a plan of AED 150 or more.', min_plan_net_price: 150, months: 3, reward_aed: null, max_reward_aed: null },
        { key: 'refer_a_friend', kind: 'referral', promotion_key: 'refer_a_friend', title: 'Invite a friend', text: 'Up to AED 150.', min_plan_net_price: null, months: null, reward_aed: 50, max_reward_aed: 150 },
      ],
    });
    wrap(<ChoicePanel product={product(207, 299, { Promotions: [streaming] })} planIds={[2071]} />);
    const group = await screen.findByRole('group', { name: 'Music streaming on us' });
    expect(group).toHaveAccessibleDescription('3 months free with a plan of AED 150 or more.');
    expect(screen.queryByText('Up to AED 150.')).toBeNull();
    expect(offers).toHaveBeenCalledTimes(1);
  });

  it('offers no streaming for a plan the server does not list it for', async () => {
    mockQuote();
    wrap(<ChoicePanel product={product(187, 35)} planIds={[1871]} />);
    await screen.findByTestId('price-total');
    expect(screen.queryByLabelText(/music streaming/)).toBeNull();
  });

  it('hides promo codes when the configuration has them off', async () => {
    mockQuote();
    wrap(<ChoicePanel product={product(199, 200)} planIds={[1991]} />);
    await screen.findByTestId('price-total');
    expect(screen.queryByLabelText('Promo code')).toBeNull();
  });

  it('checks a promo code length, then its eligibility, then prices with it', async () => {
    act(() => setBizConfig({ status: 'ready', config: config(true) }));
    const quote = mockQuote();
    const check = jest
      .spyOn(api, 'checkPromoCodes')
      .mockResolvedValueOnce({ promotions: [{ promo_code: 'NOPE1', eligible: false, reason: 'promo_invalid', promotion: null }] })
      .mockResolvedValueOnce({ promotions: [{ promo_code: 'WELCOME10', eligible: true, reason: null, promotion: null }] });
    wrap(<ChoicePanel product={product(199, 200)} planIds={[1991]} />);
    const field = screen.getByLabelText('Promo code');
    await userEvent.type(field, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong value');
    expect(check).not.toHaveBeenCalled();
    await userEvent.type(field, 'nope1');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This promo code is invalid or has expired.');
    await userEvent.clear(field);
    await userEvent.type(field, 'welcome10{Enter}');
    expect(await screen.findByText('Promo code WELCOME10 applied')).toBeInTheDocument();
    expect(check).toHaveBeenLastCalledWith(['welcome10'], 199, [1991]);
    await waitFor(() => expect(quote).toHaveBeenLastCalledWith({ productCode: 199, planIds: [1991], promoCode: 'WELCOME10' }));
    expect(await screen.findByTestId('price-total')).toHaveTextContent('AED 189.00');
    expect(screen.getByText('Offer: WELCOME10')).toBeInTheDocument();
  });

  it('offers boosters for the held number and adds the chosen ones to the choice', async () => {
    act(() => setHeldNumber({ MSISDN: '971581234567', InTransferTo: null, VanityLevelId: 1, ReservationDate: null, ExpiryDate: null }));
    const quote = mockQuote();
    const boosters = jest.spyOn(api, 'getBoosters').mockResolvedValue({
      number: '971581234567',
      boosters: [{ ID: 901, Name: 'Data booster 5 GB', Type: 'DATA', Value: 5 * 1024 ** 3, Validity: 30, NetPrice: 25, Tags: ['data'] }],
    });
    wrap(<ChoicePanel product={product(199, 200)} planIds={[1991]} />);
    expect(await screen.findByRole('group', { name: /^Boosters for 058 ?123 ?4567$/ })).toBeInTheDocument();
    expect(boosters).toHaveBeenCalledWith('971581234567', { productCode: 199 });
    await userEvent.click(await screen.findByRole('checkbox', { name: /Data booster 5 GB/ }));
    await waitFor(() => expect(quote).toHaveBeenLastCalledWith({ productCode: 199, planIds: [1991], boosterIds: [901] }));
  });
});

describe('plan selection page', () => {
  it('with a VIP number held, explains that the plan comes with the number and offers no other', async () => {
    act(() => setFlowFlags({ ...EMPTY_FLOW_FLAGS, has_vip: true, is_number_selected: true }));
    const list = jest.spyOn(api, 'getAvailableProducts').mockResolvedValue({ products: [product(199, 200)] });
    wrap(<PlanSelectionPage />);
    expect(await screen.findByText(/comes with its VIP plan/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Choose this plan/ })).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    list.mockRestore();
  });


  it('moves between categories with the arrow keys; a VIP plan asks for a number of its tier (the host routes)', async () => {
    const vip = product(212, 1799, { ProductCategory: 'VIP', CommitmentDuration: 12, VanityLevel: 4 });
    jest.spyOn(api, 'getAvailableProducts').mockImplementation(async (c) => ({ products: c === 'VIP' ? [vip] : [product(199, 200)] }));
    const wanted: unknown[] = [];
    const off = bus.on('plan:vip-number-wanted', (e) => wanted.push(e));
    const nav = jest.fn();
    const offNav = bus.on('navigate:request', nav);
    wrap(<PlanSelectionPage />);
    const tourist = await screen.findByRole('tab', { name: 'Tourist' });
    expect(tourist).toHaveAttribute('aria-selected', 'true');
    tourist.focus();
    await userEvent.keyboard('{End}');
    const vipTab = screen.getByRole('tab', { name: 'VIP' });
    expect(vipTab).toHaveFocus();
    expect(vipTab).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(await screen.findByRole('button', { name: /^Find a Gold number/ }));
    expect(wanted).toEqual([{ tier: 'gold' }]);
    expect(nav).not.toHaveBeenCalled();
    await userEvent.keyboard('{ArrowRight}');
    off();
    offNav();
  });

  it('announces each list seen once and the plan opened from it, with its place (tracking: the host maps them)', async () => {
    const vip = product(212, 1799, { ProductCategory: 'VIP', CommitmentDuration: 12, VanityLevel: 4 });
    const tourists = [product(188, 99), product(199, 200)];
    jest.spyOn(api, 'getAvailableProducts').mockImplementation(async (c) => ({ products: c === 'VIP' ? [vip] : tourists }));
    mockQuote();
    const seen: unknown[] = [];
    const offs = [bus.on('plan:list-viewed', (e) => seen.push(['list', e.list, e.products.map((p) => p.ProductCode)])), bus.on('plan:selected', (e) => seen.push(['selected', e.list, e.index, e.product.ProductCode]))];
    wrap(<PlanSelectionPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^Choose this plan\s*:\s*Plan 199$/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back to all plans' }));
    await userEvent.click(screen.getByRole('tab', { name: 'VIP' }));
    await screen.findByRole('button', { name: /^Find a Gold number/ });
    offs.forEach((off) => off());
    expect(seen).toEqual([
      ['list', 'tourist', [188, 199]],
      ['selected', 'tourist', 1, 199],
      ['list', 'VIP', [212]],
    ]);
  });

  it('opens the product of the product_code start parameter in review, once', async () => {
    act(() => setStartParams({ product_code: '199', gclid: 'x' }));
    jest.spyOn(api, 'getAvailableProducts').mockResolvedValue({ products: [product(188, 99), product(199, 200)] });
    mockQuote();
    wrap(<PlanSelectionPage />);
    expect(await screen.findByRole('heading', { name: 'Your plan: Plan 199' })).toHaveFocus();
    expect(store.get(startParamsAtom)).toEqual({ gclid: 'x' });
    await userEvent.click(screen.getByRole('button', { name: 'Back to all plans' }));
    expect(await screen.findByRole('button', { name: /^Choose this plan\s*:\s*Plan 199$/ })).toHaveFocus();
  });
});
