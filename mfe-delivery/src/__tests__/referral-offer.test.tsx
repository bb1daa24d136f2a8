import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, setBizConfig } from '@join/shared';
import { AR_TRANSLATIONS } from '@join/shared/texts-ar';
import { businessConfig } from '@join/shared/testing';
import { deliveryApi } from '@join/shared/delivery';
import { promotionApi } from '@join/shared/promotions';
import { inArabic, order, renderAt, watchEachTest } from './helpers';

jest.mock('../map/load-maplibre', () => jest.requireActual('./fake-maplibre').loadMaplibreMock);

watchEachTest();
const REFERRAL_OFFER = {
  key: 'refer_a_friend',
  kind: 'referral' as const,
  promotion_key: 'refer_a_friend',
  title: 'Invite a friend',
  text: 'Share your code: you get AED 50 for each friend who joins with it, up to AED 150.',
  min_plan_net_price: null,
  months: null,
  reward_aed: 50,
  max_reward_aed: 150,
};
const MGM = { ID: 6, Key: 'refer_a_friend', Category: 'MGM' as const, Type: 'REFERRAL', Value: 50, Plan: null, IsUserPromo: false, DurationMonths: null, MaxValue: 150, RequiresConsent: false };

const codesOn = (on: boolean) => act(() => setBizConfig({ status: 'ready', config: businessConfig({ promo_codes_enabled: on }) }));
const REFERRAL = { referral_code: 'K7QM2XPA', promotion: MGM, earned_aed: 0, max_reward_aed: 150 };

describe('/thank-you: the referral offer', () => {
  beforeEach(() => codesOn(true));
  afterEach(() =>
    act(() => {
      setBizConfig({ status: 'loading' });
      i18n.setLanguage('en');
    }),
  );

  it("shows the operator's offer with the visitor's own code from the server; Copy copies the code and says so", async () => {
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: order({ kind: 'pickup', delivery: null, eta: null, status: 'collected' }) });
    jest.spyOn(promotionApi, 'getOffers').mockResolvedValue({ offers: [REFERRAL_OFFER] });
    const referral = jest.spyOn(promotionApi, 'getReferral').mockResolvedValue(REFERRAL);
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt('/thank-you');
    const card = await screen.findByRole('region', { name: 'Invite a friend' });
    expect(card).toHaveTextContent('up to AED 150');
    expect(screen.getByTestId('referral-code')).toHaveTextContent('K7QM2XPA');
    expect(screen.getByTestId('referral-code')).toHaveAttribute('dir', 'ltr');
    await userEvent.click(screen.getByRole('button', { name: 'Copy the code' }));
    expect(writeText).toHaveBeenCalledWith('K7QM2XPA');
    expect(await screen.findByText('Invitation code copied.')).toHaveAttribute('role', 'status');
    expect(referral).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('referral-earned')).toHaveTextContent('You have earned AED 0.00 of AED 150.00.');
  });

  it('says what the visitor has earned so far of the most, from the server, in Arabic too', async () => {
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: order({ kind: 'pickup', delivery: null, eta: null, status: 'collected' }) });
    jest.spyOn(promotionApi, 'getOffers').mockResolvedValue({ offers: [REFERRAL_OFFER] });
    jest.spyOn(promotionApi, 'getReferral').mockResolvedValue({ ...REFERRAL, earned_aed: 100 });
    inArabic(AR_TRANSLATIONS);
    renderAt('/thank-you');
    const earned = await screen.findByTestId('referral-earned');
    expect(earned).toHaveTextContent('لقد ربحت');
    expect(earned.textContent).toMatch(/100[.,]00/);
    expect(earned.textContent).toMatch(/150[.,]00/);
  });

  it('is not shown, and asks nothing, while promo codes are off: a friend would have nowhere to use the code', async () => {
    codesOn(false);
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: order({ kind: 'pickup', delivery: null, eta: null, status: 'collected' }) });
    const offers = jest.spyOn(promotionApi, 'getOffers').mockResolvedValue({ offers: [REFERRAL_OFFER] });
    const referral = jest.spyOn(promotionApi, 'getReferral').mockResolvedValue(REFERRAL);
    renderAt('/thank-you');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invite a friend' })).toBeNull();
    expect(screen.queryByTestId('referral-code')).toBeNull();
    expect(offers).not.toHaveBeenCalled();
    expect(referral).not.toHaveBeenCalled();
  });

  it('shows nothing when no referral offer is configured, or the code does not load', async () => {
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: order({ kind: 'pickup', delivery: null, eta: null, status: 'collected' }) });
    const offers = jest.spyOn(promotionApi, 'getOffers').mockResolvedValue({ offers: [] });
    jest.spyOn(promotionApi, 'getReferral').mockRejectedValue(new Error('offline'));
    renderAt('/thank-you');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(offers).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Invite a friend' })).toBeNull();
  });
});
