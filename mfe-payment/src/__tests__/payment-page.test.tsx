import { act, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@join/shared';
import userEvent from '@testing-library/user-event';
import { paymentApi } from '@join/shared/payment';
import { BNPL, decline, FIELDS_ORIGIN, fieldsMessage, fromFrame, receipt, renderAt, summary, watchEachTest } from './helpers';

const w = watchEachTest();

const frame = () => screen.getByTitle('Card details: card number, expiry date, CVV and name on the card') as HTMLIFrameElement;
const payButton = () => screen.getByRole('button', { name: 'Pay AED 57.75' });
/** The frame's window, with postMessage recorded. */
const framePost = () => jest.spyOn(frame().contentWindow!, 'postMessage').mockImplementation(() => undefined);
const TOKEN = 'tok_abcdef123456';

describe('/payment: the order summary', () => {
  it("shows the server's quote line by line, the number left to right, the total today; no Apple Pay", async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ promo_hint: true, apple_pay: false }));
    renderAt('/payment');
    expect(screen.getByRole('status')).toHaveTextContent('Loading payment…');
    const order = await screen.findByRole('region', { name: 'Your order' });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toHaveFocus();
    expect(within(order).getByText('Tourist 20 GB')).toBeInTheDocument();
    const number = order.querySelector('.phone-number')!;
    expect(number).toHaveAttribute('dir', 'ltr');
    expect(number).toHaveTextContent('0585824920');
    expect(order).toHaveTextContent('Starting credit+ AED 10.00');
    expect(order).toHaveTextContent('Offer: welcome5− AED 5.00');
    expect(order).toHaveTextContent('Total before VATAED 55.00');
    expect(order).toHaveTextContent('VAT 5%AED 2.75');
    expect(within(order).getByTestId('payment-total')).toHaveTextContent('AED 57.75 total today incl. VAT');
    expect(order).toHaveTextContent('Your plan qualifies for our offers');
    expect(screen.queryByText(/Apple Pay/)).toBeNull();
  });

  it('says so when the summary cannot load, with a retry', async () => {
    const load = jest.spyOn(paymentApi, 'summary').mockRejectedValueOnce(decline(null, null)).mockResolvedValue(summary());
    renderAt('/payment');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your order.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Your order' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    // No answer: the screen says so itself, no pop-up.
    expect(w.errors).toEqual([]);
  });

  it('a refusal with a code (the step is not open) goes to the catalogue pop-up', async () => {
    jest.spyOn(paymentApi, 'summary').mockRejectedValue(decline('step_not_allowed', 409));
    renderAt('/payment');
    await waitFor(() => expect(w.errors).toHaveLength(1));
    expect(w.errors[0]!.type).toBe('step_not_allowed');
  });
});

describe('/payment: the method', () => {
  it('offers card and instalments when the server does; Continue needs a choice (announced); instalments go to /payment/installments', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ bnpl: BNPL }));
    renderAt('/payment');
    const group = await screen.findByRole('radiogroup', { name: 'How would you like to pay?' });
    expect(within(group).getByRole('radio', { name: /Credit or debit card/ })).not.toBeChecked();
    const bnpl = within(group).getByRole('radio', { name: /Pay in 4 payments with Spotii/ });
    expect(bnpl.closest('label')).toHaveTextContent('AED 14.46 today, then AED 14.43 a month');
    expect(screen.queryByTitle(/Card details/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose how you would like to pay.');
    await userEvent.click(bnpl);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(w.navigations).toEqual(['payment /payment/installments']);
  });

  it('card: the frame, and back to the choice', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ bnpl: BNPL }));
    renderAt('/payment');
    await userEvent.click(await screen.findByRole('radio', { name: /Credit or debit card/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(frame()).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose another way to pay' }));
    expect(screen.getByRole('radiogroup')).toBeInTheDocument();
  });

  it('"Pay on your phone instead" goes to /payment-qr', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary());
    renderAt('/payment');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay on your phone instead' }));
    expect(w.navigations).toEqual(['payment /payment-qr']);
  });
});

describe('/payment: the card frame', () => {
  beforeEach(() => jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary()));

  it("frames the provider's fields with the merchant, this origin and the language; the trust line beside it", async () => {
    renderAt('/payment');
    await screen.findByRole('region', { name: 'Your order' });
    const url = new URL(frame().src);
    expect(url.origin + url.pathname).toBe(`${FIELDS_ORIGIN}/fields`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ merchant: 'merchant_join', origin: window.location.origin, lang: 'en' });
    expect(screen.getByText('Card details go straight to our payment provider.')).toBeInTheDocument();
    expect(screen.getByText('Loading the card form…')).toBeInTheDocument();
  });

  it('sizes the frame from ready and resize; ignores other origins, other windows and malformed messages', async () => {
    renderAt('/payment');
    await screen.findByRole('region', { name: 'Your order' });
    fromFrame(fieldsMessage('ready', { height: 300 }), { origin: 'https://evil.example' });
    fromFrame(fieldsMessage('ready', { height: 300 }), { source: window });
    fromFrame({ source: 'join-card-fields', type: 'ready', height: 'tall' });
    fromFrame('ready');
    expect(frame().style.blockSize).toBe('');
    fromFrame(fieldsMessage('ready', { height: 312.4 }));
    expect(frame().style.blockSize).toBe('313px');
    expect(screen.queryByText('Loading the card form…')).toBeNull();
    fromFrame(fieldsMessage('resize', { height: 420 }));
    expect(frame().style.blockSize).toBe('420px');
  });

  it('states a commitment\'s monthly charge before the button', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ recurring: true, product: { ...summary().product, ProductCategory: 'Commitment', CommitmentDuration: 12 } }));
    renderAt('/payment');
    const note = await screen.findByText(/This is a commitment plan/);
    expect(note).toHaveTextContent('your card will be charged AED 57.75 every month for 12 months');
    expect(note.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(note.compareDocumentPosition(payButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('/payment: paying by card', () => {
  beforeEach(() => jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary()));

  async function ready() {
    renderAt('/payment');
    await screen.findByRole('region', { name: 'Your order' });
    fromFrame(fieldsMessage('ready', { height: 300 }));
    return framePost();
  }

  it('asks the frame for a token (its origin only), charges it with a new key, busy meanwhile; paid: the confirmation', async () => {
    const post = await ready();
    let answer!: (v: Awaited<ReturnType<typeof paymentApi.payByCard>>) => void;
    const pay = jest.spyOn(paymentApi, 'payByCard').mockImplementation(() => new Promise((r) => (answer = r)));
    await userEvent.click(payButton());
    expect(post).toHaveBeenCalledWith({ source: 'join-payment', type: 'tokenize' }, FIELDS_ORIGIN);
    fromFrame(fieldsMessage('tokenized', { token: TOKEN, brand: 'visa', last4: '4242' }));
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(1));
    const [token, key] = pay.mock.calls[0]!;
    expect(token).toBe(TOKEN);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveAttribute('aria-busy', 'true');
    // A second press while paying does nothing.
    await userEvent.click(payButton());
    expect(post).toHaveBeenCalledTimes(1);
    await act(async () => answer({ status: 'paid', receipt: receipt() }));
    expect(w.navigations).toEqual(['payment /payment/confirmation']);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('Pay pressed while the frame is still loading: the question waits for its ready, then goes once', async () => {
    renderAt('/payment');
    await screen.findByRole('region', { name: 'Your order' });
    const post = framePost();
    await userEvent.click(payButton());
    expect(post).not.toHaveBeenCalled();
    fromFrame(fieldsMessage('ready', { height: 300 }));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith({ source: 'join-payment', type: 'tokenize' }, FIELDS_ORIGIN);
    fromFrame(fieldsMessage('resize', { height: 320 }));
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('Enter in the frame (submit) pays too', async () => {
    const post = await ready();
    fromFrame(fieldsMessage('submit'));
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('a token with extra fields (a card number) is not listened to', async () => {
    await ready();
    const pay = jest.spyOn(paymentApi, 'payByCard');
    await userEvent.click(payButton());
    fromFrame(fieldsMessage('tokenized', { token: TOKEN, brand: 'visa', last4: '4242', number: '4242424242424242' }));
    expect(pay).not.toHaveBeenCalled();
  });

  it('invalid: focus goes into the frame (which shows its errors), nothing is charged', async () => {
    await ready();
    const pay = jest.spyOn(paymentApi, 'payByCard');
    await userEvent.click(payButton());
    fromFrame(fieldsMessage('error', { code: 'invalid' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some card details need your attention.');
    expect(frame()).toHaveFocus();
    expect(pay).not.toHaveBeenCalled();
    expect(payButton()).toBeEnabled();
  });

  it.each([
    ['network', 'We could not reach our payment provider.'],
    ['rejected', 'Our payment provider does not accept this card.'],
  ])('%s: a clear message', async (code, text) => {
    await ready();
    await userEvent.click(payButton());
    fromFrame(fieldsMessage('error', { code }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('3-D Secure: the browser goes to the provider\'s page', async () => {
    await ready();
    jest.spyOn(paymentApi, 'payByCard').mockResolvedValue({ status: 'action_required', payment_id: 'pay_abcdefgh12', action_url: 'https://cards.example.test/3ds/pay_abcdefgh12' });
    await userEvent.click(payButton());
    fromFrame(fieldsMessage('tokenized', { token: TOKEN, brand: 'visa', last4: '4242' }));
    await waitFor(() => expect(w.assign).toHaveBeenCalledWith('https://cards.example.test/3ds/pay_abcdefgh12'));
    expect(payButton()).toBeDisabled();
  });

  it('a decline: the catalogue pop-up; Change card gives a fresh frame, Retry payment a new token and a new key', async () => {
    let post = await ready();
    const pay = jest.spyOn(paymentApi, 'payByCard').mockRejectedValue(decline(-7011));
    await userEvent.click(payButton());
    fromFrame(fieldsMessage('tokenized', { token: TOKEN, brand: 'visa', last4: '4242' }));
    await waitFor(() => expect(w.errors).toHaveLength(1));
    const error = w.errors[0]!;
    expect(error.type).toBe('payment_error_insufficient');
    expect(error.buttons.map((b) => b.action)).toEqual(['change_card']);

    const before = frame();
    await w.press(error, 'change_card');
    expect(frame()).not.toBe(before);
    fromFrame(fieldsMessage('ready', { height: 300 }));
    expect(frame()).toHaveFocus();

    post = framePost();
    const retry = w.press(error, 'retry_payment');
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    fromFrame(fieldsMessage('tokenized', { token: 'tok_second12345', brand: 'visa', last4: '4242' }));
    await retry;
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(2));
    expect(pay.mock.calls[1]![0]).toBe('tok_second12345');
    expect(pay.mock.calls[1]![1]).not.toBe(pay.mock.calls[0]![1]);
  });

  it('no answer (network): Retry sends the same token with the same key', async () => {
    await ready();
    const pay = jest.spyOn(paymentApi, 'payByCard').mockRejectedValueOnce(decline(null, null)).mockResolvedValue({ status: 'paid', receipt: receipt() });
    await userEvent.click(payButton());
    fromFrame(fieldsMessage('tokenized', { token: TOKEN, brand: 'visa', last4: '4242' }));
    await waitFor(() => expect(w.errors).toHaveLength(1));
    await w.press(w.errors[0]!, 'retry');
    expect(pay).toHaveBeenCalledTimes(2);
    expect(pay.mock.calls[1]).toEqual(pay.mock.calls[0]);
    expect(w.navigations).toEqual(['payment /payment/confirmation']);
  });

  it('a reload mid-payment re-sends the attempt it kept (same token, same key), without asking the frame', async () => {
    window.sessionStorage.setItem('join.payment.card', JSON.stringify({ token: TOKEN, key: 'k'.repeat(32) }));
    const pay = jest.spyOn(paymentApi, 'payByCard').mockResolvedValue({ status: 'paid', receipt: receipt() });
    renderAt('/payment');
    await waitFor(() => expect(pay).toHaveBeenCalledWith(TOKEN, 'k'.repeat(32)));
    await waitFor(() => expect(w.navigations).toEqual(['payment /payment/confirmation']));
  });

  it('continue_payment goes back to the method choice', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ bnpl: BNPL }));
    renderAt('/payment');
    await userEvent.click(await screen.findByRole('radio', { name: /Credit or debit card/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fromFrame(fieldsMessage('ready', { height: 300 }));
    framePost();
    jest.spyOn(paymentApi, 'payByCard').mockRejectedValue(decline(-10012));
    await userEvent.click(payButton());
    fromFrame(fieldsMessage('tokenized', { token: TOKEN, brand: 'visa', last4: '4242' }));
    await waitFor(() => expect(w.errors).toHaveLength(1));
    await w.press(w.errors[0]!, 'continue_payment');
    expect(screen.getByRole('radiogroup')).toBeInTheDocument();
  });
});

describe('/payment in Arabic', () => {
  afterEach(() => act(() => i18n.setLanguage('en')));

  it('opens the frame in Arabic and keeps the amount left to right inside the Arabic button', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary());
    act(() => {
      i18n.set('ar', { 'payment.card.pay': 'ادفع {{amount}}', 'payment.card.frameTitle': 'بيانات البطاقة' });
      i18n.setLanguage('ar');
    });
    renderAt('/payment');
    const iframe = await screen.findByTitle('بيانات البطاقة');
    expect(new URL((iframe as HTMLIFrameElement).src).searchParams.get('lang')).toBe('ar');
    const button = screen.getByRole('button', { name: /^ادفع/ });
    const amount = button.querySelector('bdi')!;
    expect(amount).toHaveAttribute('dir', 'ltr');
    expect(amount.textContent).toMatch(/57\.75/);
  });
});

describe('/payment: a payment left open', () => {
  const OPEN = {
    payment_id: 'pay_abcdefgh12',
    method: 'card' as const,
    amount_fils: 3675,
    action_url: 'https://cards.example.test/3ds/ch_1',
    started_at: '2026-11-23T10:00:00.000Z',
    expires_at: '2026-11-23T10:15:00.000Z',
  };

  it('says what is open and until when, instead of the choice; Finish goes back to the bank', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ bnpl: BNPL, open_payment: OPEN }));
    renderAt('/payment');
    const open = await screen.findByRole('region', { name: 'You have a payment open' });
    expect(open).toHaveTextContent('You started paying AED 36.75 by card. Your bank is waiting for you to confirm it.');
    expect(open).toHaveTextContent(/It stays open until .*2026/);
    expect(open).toHaveTextContent('your plan and number are kept for you and cannot change');
    expect(open.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await userEvent.click(within(open).getByRole('button', { name: 'Finish the payment' }));
    expect(w.assign).toHaveBeenCalledWith(OPEN.action_url);
  });

  it('Cancel voids it at the server: the news takes focus, the choice is back', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValueOnce(summary({ bnpl: BNPL, open_payment: { ...OPEN, method: 'bnpl' } })).mockResolvedValue(summary({ bnpl: BNPL }));
    const cancel = jest.spyOn(paymentApi, 'cancel').mockResolvedValue({ status: 'cancelled' });
    renderAt('/payment');
    const open = await screen.findByRole('region', { name: 'You have a payment open' });
    expect(open).toHaveTextContent('in instalments with Spotii');
    await userEvent.click(within(open).getByRole('button', { name: 'Cancel this payment' }));
    expect(cancel).toHaveBeenCalledWith('pay_abcdefgh12');
    const done = await screen.findByText('Your payment was cancelled. Nothing was taken. You can change your plan or number, or pay again.');
    await waitFor(() => expect(done.closest('.payment-open__done')).toHaveFocus());
    expect(screen.getByRole('radiogroup')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'You have a payment open' })).toBeNull();
  });

  it('a payment that went through meanwhile goes to the confirmation', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ open_payment: OPEN }));
    jest.spyOn(paymentApi, 'cancel').mockResolvedValue({ status: 'paid', receipt: receipt() });
    renderAt('/payment');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel this payment' }));
    await waitFor(() => expect(w.navigations).toEqual(['payment /payment/confirmation']));
  });

  it('a refusal is the catalogue pop-up; no answer offers to try again', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ open_payment: { ...OPEN, action_url: null } }));
    const cancel = jest.spyOn(paymentApi, 'cancel').mockRejectedValueOnce(decline(null, null)).mockResolvedValue({ status: 'cancelled' });
    renderAt('/payment');
    const open = await screen.findByRole('region', { name: 'You have a payment open' });
    expect(open).toHaveTextContent('We are still waiting for the payment provider to answer.');
    expect(within(open).queryByRole('button', { name: 'Finish the payment' })).toBeNull();
    await userEvent.click(within(open).getByRole('button', { name: 'Cancel this payment' }));
    await waitFor(() => expect(w.errors).toHaveLength(1));
    await w.press(w.errors[0]!, 'retry');
    expect(cancel).toHaveBeenCalledTimes(2);
  });
});
