import { screen, within } from '@testing-library/react';
import type { PhoneNumber, Product } from '@join/shared';
import { planApi } from '@join/shared/plans';
import { VipConfirm } from '../components/vip-confirm';
import { VipPlans } from '../components/vip-plans';
import { polyfillDialog, renderInPage } from '@join/shared/testing';

beforeAll(polyfillDialog);
afterEach(() => jest.restoreAllMocks());

const gold: PhoneNumber = { MSISDN: '971584444444', InTransferTo: null, VanityLevelId: 4, ReservationDate: null, ExpiryDate: null };
const vipProduct = (code: number, level: number, net: number): Product => ({
  ProductCode: code,
  Name: `VIP ${code}`,
  ProductCategory: 'VIP',
  CommitmentDuration: 12,
  AvailablePlans: [],
  PackagesPricingTable: [{ NetPrice: net, PlanNetPrice: net, VATPercentage: 5, VATAmount: Math.round(net * 5) / 100, ExtraCharges: [], Discounts: [] }],
  AllowedFeatures: [],
  Promotions: [],
  IsCustomizable: false,
  CommitmentSavingPercentage: null,
  ListNetPrice: null,
  VanityLevel: level,
});
const wrap = (ui: React.ReactNode) => renderInPage(ui);

describe('VIP prices before the visitor commits', () => {
  it('the confirmation lists the plans of the number tier with their total, months and monthly share, from the API', async () => {
    const list = jest
      .spyOn(planApi, 'getAvailableProducts')
      .mockResolvedValue({ products: [vipProduct(241, 4, 1799), vipProduct(242, 4, 2399), vipProduct(261, 6, 2999)] });
    wrap(<VipConfirm number={gold} busy={false} onConfirm={() => undefined} onCancel={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    // A region named by its heading, in the number domain's English (registered when the step's
    // hold rules load the domain entry).
    const section = await within(dialog).findByRole('region', { name: 'The VIP plans of this tier' });
    expect(list).toHaveBeenCalledWith('VIP');
    const rows = within(section).getAllByRole('listitem');
    // Only the tier's plans (level 4), not the diamond one.
    expect(rows.map((r) => r.getAttribute('data-product-code'))).toEqual(['241', '242']);
    expect(rows[0]).toHaveTextContent('AED 1,888.95 for 12 months incl. VAT');
    expect(rows[0]).toHaveTextContent('AED 157.41 a month on average');
    expect(rows[1]).toHaveTextContent('AED 2,518.95 for 12 months');
    // The number itself is grouped for reading and reads as its digits.
    expect(dialog.querySelector('.number-display')?.textContent).toBe('0584444444');
    expect(dialog.querySelectorAll('.number-display .phone-number__group')).toHaveLength(3);
  });

  it('the VIP plans of a held number show the total for the term and the monthly share', async () => {
    jest.spyOn(planApi, 'getPlansByVanityLevel').mockResolvedValue({ products: [vipProduct(241, 4, 1799)] });
    wrap(<VipPlans number={gold} onSaved={() => undefined} />);
    const card = (await screen.findByRole('heading', { name: 'VIP 241' })).closest('li');
    expect(card).toHaveTextContent('AED 1,888.95 for 12 months incl. VAT');
    expect(card).toHaveTextContent('AED 157.41 a month on average');
  });
});
