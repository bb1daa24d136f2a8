import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, bus, EMPTY_FLOW_FLAGS, Product, setFlowFlags, setStartParams } from '@join/shared';
import { api } from '../api/endpoints';
import { PlanSelectionPage } from '../pages/plan-selection-page';
import { renderInPage } from '@join/shared/testing';

const product = (code: number, category: string) =>
  Product.parse({
    ProductCode: code,
    Name: `Plan ${code}`,
    ProductCategory: category,
    CommitmentDuration: category === 'Commitment' ? 6 : 1,
    AvailablePlans: [{ ID: code * 10 + 1, Type: 'DATA', Name: 'Data', Value: 1024 ** 3, Validity: 28 }],
    PackagesPricingTable: [{ NetPrice: 60, PlanNetPrice: 60, VATPercentage: 5, VATAmount: 3, ExtraCharges: [], Discounts: [] }],
  });
const renderPage = () => renderInPage(<PlanSelectionPage />);

beforeEach(() =>
  act(() => {
    setFlowFlags(EMPTY_FLOW_FLAGS);
    setStartParams({});
  }),
);
afterEach(() => jest.restoreAllMocks());

describe('plan lists through the query layer', () => {
  it('asks for a category once: coming back to its tab shows the cached list at once', async () => {
    const list = jest.spyOn(api, 'getAvailableProducts').mockImplementation(async (c) => ({ products: [product(c === 'PAYG' ? 120 : 199, 'PAYG')] }));
    renderPage();
    expect(await screen.findByText('Plan 199')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Pay as you go' }));
    expect(await screen.findByText('Plan 120')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Tourist' }));
    expect(screen.getByText('Plan 199')).toBeInTheDocument();
    expect(list.mock.calls.map(([c]) => c)).toEqual(['tourist', 'PAYG']);
  });

  it('a failed list says so with a retry that asks again, and the pop-up hears of it once', async () => {
    const raised: unknown[] = [];
    const off = bus.on('error:raised', (e) => raised.push(e.source));
    const list = jest
      .spyOn(api, 'getAvailableProducts')
      .mockRejectedValueOnce(new ApiError('HTTP 400', { code: 'bad_request', status: 400 }))
      .mockResolvedValue({ products: [product(199, 'PAYG')] });
    renderPage();
    expect(await screen.findByText('We could not load the plans.')).toBeInTheDocument();
    expect(raised).toEqual(['plan']);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Plan 199')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
    off();
  });
});
