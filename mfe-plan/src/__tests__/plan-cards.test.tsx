import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_FLOW_FLAGS, planInReviewAtom, Product, store, setFlowFlags, setStartParams } from '@join/shared';
import type { PlanCategory } from '@join/shared/plans';
import { api } from '../api/endpoints';
import { PlanSelectionPage } from '../pages/plan-selection-page';
import { renderInPage } from '@join/shared/testing';

const plans = (code: number) => [
  { ID: code * 10 + 1, Type: 'DATA', Name: 'Data', Value: 20 * 1024 ** 3, Validity: 28 },
  { ID: code * 10 + 2, Type: 'VOICE-LCL', Name: 'Local', Value: 100 * 60_000, Validity: 28 },
];
const mgm = { ID: 5, Key: 'refer_a_friend', Category: 'MGM', Type: 'MGM', Value: 50, MaxValue: 150 };
// Tourist Data 28 days: 129 less 25 % = 96.75 before VAT, 101.59 to pay; 135.45 before the discount.
const discounted = Product.parse({
  ProductCode: 206,
  Name: 'Tourist Data 28 days',
  ProductCategory: 'PAYG',
  CommitmentDuration: 1,
  AvailablePlans: plans(206),
  PackagesPricingTable: [{ NetPrice: 96.75, PlanNetPrice: 129, VATPercentage: 5, VATAmount: 4.84, ExtraCharges: [], Discounts: [{ Name: 'data_25_off', Amount: 32.25 }] }],
  Promotions: [{ ID: 3, Key: 'data_25_off', Category: 'PercentageDiscount', Type: 'PERCENT', Value: 25 }],
});
const plain = Product.parse({
  ProductCode: 188,
  Name: 'Tourist Explorer 14 days',
  ProductCategory: 'PAYG',
  CommitmentDuration: 1,
  AvailablePlans: plans(188),
  PackagesPricingTable: [{ NetPrice: 99, PlanNetPrice: 99, VATPercentage: 5, VATAmount: 4.95, ExtraCharges: [], Discounts: [] }],
});
const commitment = (code: number, months: number, net: number, saving: number | null) =>
  Product.parse({
    ProductCode: code,
    Name: `Commitment ${months} months`,
    ProductCategory: 'Commitment',
    CommitmentDuration: months,
    AvailablePlans: plans(code),
    PackagesPricingTable: [{ NetPrice: net, PlanNetPrice: net, VATPercentage: 5, VATAmount: Math.round(net * 5) / 100, ExtraCharges: [], Discounts: [] }],
    Promotions: [mgm],
    CommitmentSavingPercentage: saving,
    ListNetPrice: saving ? 100 : null,
  });

const lists: Partial<Record<PlanCategory, Product[]>> = {
  tourist: [plain, discounted],
  Commitment: [commitment(103, 3, 100, null), commitment(106, 6, 70, 30), commitment(112, 12, 50, 50)],
};
const renderPage = () => renderInPage(<PlanSelectionPage />);

beforeEach(() => {
  act(() => {
    setFlowFlags(EMPTY_FLOW_FLAGS);
    setStartParams({});
  });
  jest.spyOn(api, 'getAvailableProducts').mockImplementation(async (c = 'tourist') => ({ products: lists[c] ?? [] }));
});
afterEach(() => jest.restoreAllMocks());

const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;

describe('plan cards: price clarity', () => {
  it('a discounted plan shows its original price struck through, said in words, and the saving', async () => {
    renderPage();
    const c = await card('Tourist Data 28 days');
    const was = c.querySelector('s.price__was');
    expect(was).toHaveTextContent('AED 135.45');
    expect(within(c).getByText('was AED 135.45')).toHaveClass('visually-hidden');
    expect(c.querySelector('.price__amount')).toHaveTextContent('AED 101.59');
    expect(c.querySelector('.price__save')).toHaveTextContent('Save AED 33.86');
    // A plan without a discount has neither.
    const p = await card('Tourist Explorer 14 days');
    expect(p.querySelector('.price__was')).toBeNull();
    expect(p.querySelector('.price__save')).toBeNull();
    expect(p).toHaveTextContent('AED 103.95 incl. VAT');
  });

  it('the tourist list keeps the order the server sends (SPEC 9: plan net price), the discounted plan after the cheaper one', async () => {
    renderPage();
    await card('Tourist Data 28 days');
    const names = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(names.indexOf('Tourist Explorer 14 days')).toBeLessThan(names.indexOf('Tourist Data 28 days'));
  });

  it('a card leads with its headline allowance, has icons for its allowances and its validity as a tag', async () => {
    renderPage();
    const c = await card('Tourist Data 28 days');
    expect(c.querySelector('.plan-card__headline')).toHaveTextContent('20 GB');
    expect(c.querySelectorAll('.plan-specs svg.icon[aria-hidden="true"]')).toHaveLength(2);
    expect(c.querySelector('.plan-card__tags .tag')).toHaveTextContent('28 days');
    expect(within(c).getByRole('list', { name: /Tourist Data 28 days/ }).querySelector('.promotion')).toHaveTextContent('25');
  });

  it('a commitment shows its monthly price, the list price struck through, and the total for its months; the third is Recommended', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Commitment' }));
    const twelve = await card('Commitment 12 months');
    expect(twelve).toHaveTextContent('AED 52.50 per month incl. VAT');
    expect(twelve.querySelector('.price__total')).toHaveTextContent('Total AED 630.00 for 12 months');
    expect(twelve.querySelector('s.price__was')).toHaveTextContent('AED 105.00');
    expect(twelve.querySelector('.plan-card__ribbon')).toHaveTextContent('Recommended');
    const three = await card('Commitment 3 months');
    expect(three.querySelector('.price__total')).toHaveTextContent('Total AED 315.00 for 3 months');
    expect(three.querySelector('.price__was')).toBeNull();
    expect(three.querySelector('.plan-card__ribbon')).toBeNull();
  });

  it('shows the trust marks with their icons beside the plans', async () => {
    renderPage();
    const facts = document.querySelector('.plan-facts') as HTMLElement;
    expect(facts).toHaveTextContent('3-day money-back guarantee');
    expect(facts).toHaveTextContent('Delivery within 60 minutes');
    expect(facts.querySelectorAll('li svg.icon')).toHaveLength(3);
  });

  it('the review lists the plan offers once (with the live price), not twice', async () => {
    jest.spyOn(api, 'quotePlan').mockResolvedValue({ package_price: commitment(112, 12, 50, 50).PackagesPricingTable[0]!, promotions: [Product.shape.Promotions.parse([mgm])[0]!] });
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Commitment' }));
    await card('Commitment 12 months');
    await userEvent.click(screen.getByRole('button', { name: /^Choose this plan\s*:\s*Commitment 12 months$/ }));
    await screen.findByTestId('price-total');
    expect(document.querySelectorAll('.promotions')).toHaveLength(1);
    expect(document.querySelectorAll('.promotion[data-category="MGM"]')).toHaveLength(1);
  });
});

describe('the plan under review, for the cart', () => {
  it('tells the shell which plan is being reviewed while its review is open, and nothing once it closes or the page goes', async () => {
    jest.spyOn(api, 'quotePlan').mockResolvedValue({ package_price: plain.PackagesPricingTable[0]!, promotions: [] });
    const view = renderPage();
    await card('Tourist Explorer 14 days');
    expect(store.get(planInReviewAtom)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Choose this plan\s*:\s*Tourist Explorer 14 days$/ }));
    await screen.findByTestId('price-total');
    expect(store.get(planInReviewAtom)).toEqual({ productCode: 188, name: 'Tourist Explorer 14 days' });
    await userEvent.click(screen.getByRole('button', { name: /back to the plans|all plans/i }));
    await card('Tourist Explorer 14 days');
    expect(store.get(planInReviewAtom)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Choose this plan\s*:\s*Tourist Explorer 14 days$/ }));
    await screen.findByTestId('price-total');
    view.unmount();
    expect(store.get(planInReviewAtom)).toBeNull();
  });
});
