import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setBizConfig } from '@join/shared';
import { businessConfig } from '@join/shared/testing';
import { paymentApi } from '@join/shared/payment';
import { promotionApi, PromoPriceResponse } from '@join/shared/promotions';
import { decline, renderAt, summary, watchEachTest } from './helpers';

const w = watchEachTest();

/** The server's answer to a redeem or cancel: the plan AED 50 + 10 top-up, with or without WELCOME10 (10 % of 50). */
const priced = (code: string | null) =>
  PromoPriceResponse.parse({
    promo_code: code,
    package_price: {
      NetPrice: code ? 55 : 60,
      PlanNetPrice: 50,
      VATPercentage: 5,
      VATAmount: code ? 2.75 : 3,
      ExtraCharges: [{ Name: 'RechargeAmount', Amount: 10 }],
      Discounts: code ? [{ Name: 'welcome10', Amount: 5 }] : [],
    },
    amount_fils: code ? 5775 : 6300,
    promotions: [],
  });
const withoutCode = () => summary({ package_price: priced(null).package_price, amount_fils: 6300, promo_code: null });
const withCode = () => summary({ package_price: priced('WELCOME10').package_price, promo_code: 'WELCOME10' });

const OPEN = { payment_id: 'pay_abcdefgh', method: 'card', amount_fils: 5775, action_url: null, started_at: '2026-11-23T10:15:00.000Z', expires_at: '2026-11-23T10:30:00.000Z' };
const total = async () => within(await screen.findByRole('region', { name: 'Your order' })).getByTestId('payment-total');
const field = () => screen.getByRole('textbox', { name: 'Promo code' });

function codesOn(on = true) {
  act(() => setBizConfig({ status: 'ready', config: businessConfig({ promo_codes_enabled: on, min_promo_code_length: 4, max_promo_code_length: 12 }) }));
}

describe('/payment: the promo code', () => {
  afterEach(() => act(() => setBizConfig({ status: 'loading' })));

  it('is not offered when promo codes are off (SPEC 9)', async () => {
    codesOn(false);
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(withoutCode());
    renderAt('/payment');
    await screen.findByRole('region', { name: 'Your order' });
    expect(screen.queryByRole('textbox', { name: 'Promo code' })).toBeNull();
  });

  it('checks the length before asking the server, then shows and announces the server’s new total; Remove puts it back', async () => {
    codesOn();
    const load = jest.spyOn(paymentApi, 'summary').mockResolvedValue(withoutCode());
    const redeem = jest.spyOn(promotionApi, 'redeemPromo').mockResolvedValue(priced('WELCOME10'));
    const cancel = jest.spyOn(promotionApi, 'cancelPromo').mockResolvedValue(priced(null));
    renderAt('/payment');
    expect(await total()).toHaveTextContent('AED 63.00');

    await userEvent.type(await screen.findByRole('textbox', { name: 'Promo code' }), 'AB');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong value');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(redeem).not.toHaveBeenCalled();

    load.mockResolvedValue(withCode());
    await userEvent.clear(field());
    await userEvent.type(field(), 'welcome10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(redeem).toHaveBeenCalledWith('welcome10');
    await waitFor(async () => expect(await total()).toHaveTextContent('AED 57.75'));
    expect(screen.getByRole('region', { name: 'Your order' })).toHaveTextContent('Offer: welcome10');
    expect(screen.getByText('Promo code WELCOME10 applied: your new total is AED 57.75.')).toHaveAttribute('role', 'status');
    // The summary is asked again: what a payment will charge is the server's.
    await waitFor(() => expect(load.mock.calls.length).toBeGreaterThanOrEqual(2));

    load.mockResolvedValue(withoutCode());
    await userEvent.click(screen.getByRole('button', { name: 'Remove the promo code' }));
    expect(cancel).toHaveBeenCalledTimes(1);
    await waitFor(async () => expect(await total()).toHaveTextContent('AED 63.00'));
    expect(await screen.findByText('Promo code removed: your total is AED 63.00.')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Promo code' })).toBeInTheDocument();
    expect(w.errors).toEqual([]);
  });

  it('says a refused code under the field with the catalogue’s text; another refusal is the pop-up', async () => {
    codesOn();
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(withoutCode());
    const redeem = jest.spyOn(promotionApi, 'redeemPromo').mockRejectedValueOnce(decline('promo_invalid', 400)).mockRejectedValueOnce(decline('payment_open', 409));
    renderAt('/payment');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Promo code' }), 'SPRING5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This promo code is invalid or has expired.');
    expect(field()).toHaveFocus();
    expect(w.errors).toEqual([]);

    await userEvent.clear(field());
    await userEvent.type(field(), 'TOURIST25');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(w.errors.map((e) => e.type)).toEqual(['payment_open']));
    expect(redeem).toHaveBeenCalledTimes(2);
    expect(await total()).toHaveTextContent('AED 63.00');
  });

  it('a failed remove is the promo cancel error pop-up, the code stays', async () => {
    codesOn();
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(withCode());
    jest.spyOn(promotionApi, 'cancelPromo').mockRejectedValue(decline('promo_cancel_error', 409));
    renderAt('/payment');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the promo code' }));
    await waitFor(() => expect(w.errors.map((e) => e.type)).toEqual(['promo_cancel_error']));
    expect(screen.getByText('Promo code WELCOME10')).toBeInTheDocument();
  });

  it('is not offered while a payment is open (the plan cannot change)', async () => {
    codesOn();
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ promo_code: 'WELCOME10', open_payment: OPEN }));
    renderAt('/payment');
    await screen.findByRole('region', { name: 'Your order' });
    expect(screen.queryByRole('button', { name: 'Remove the promo code' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Promo code' })).toBeNull();
  });
});
