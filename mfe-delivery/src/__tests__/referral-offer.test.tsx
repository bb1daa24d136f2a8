import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deliveryApi } from '@join/shared/delivery';
import { promotionApi } from '@join/shared/promotions';
import { order, renderAt, watchEachTest } from './helpers';

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

describe('/thank-you: the referral offer', () => {
  it("shows the operator's offer with the visitor's own code from the server; Copy copies the code and says so", async () => {
    jest.spyOn(deliveryApi, 'order').mockResolvedValue({ order: order({ kind: 'pickup', delivery: null, eta: null, status: 'collected' }) });
    jest.spyOn(promotionApi, 'getOffers').mockResolvedValue({ offers: [REFERRAL_OFFER] });
    const referral = jest.spyOn(promotionApi, 'getReferral').mockResolvedValue({ referral_code: 'K7QM2XPA', promotion: MGM });
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
