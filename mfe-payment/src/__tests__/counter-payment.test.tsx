import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@join/shared';
import { paymentApi } from '@join/shared/payment';
import { AR_TRANSLATIONS } from '@join/shared/texts-ar';
import { COUNTER_POLL_MS } from '../components/counter-payment';
import { decline, receipt, renderAt, summary, watchEachTest } from './helpers';

/** Pay at the counter on a shop device: offered only when the server says so, sent to the terminal, its answer awaited. */
const w = watchEachTest();
const COUNTER = { counter: { terminal_id: 'term-dxb-mall' } };
const PAYMENT_ID = 'pay_abcdefghijklmnopqrstuvwx';

async function chooseCounter() {
  renderAt('/payment');
  await userEvent.click(await screen.findByRole('radio', { name: /Pay at the counter/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

afterEach(() => act(() => i18n.setLanguage('en')));

describe('/payment: pay at the counter', () => {
  it('is not offered without the server’s counter (a visitor’s own device): the card straight away', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary());
    renderAt('/payment');
    expect(await screen.findByTitle(/Card details/)).toBeInTheDocument();
    expect(screen.queryByText('Pay at the counter')).toBeNull();
  });

  it('says the amount and who takes it, sends it to the terminal, waits (announced politely) and goes to the receipt on approval', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary(COUNTER));
    const start = jest.spyOn(paymentApi, 'startCounter').mockResolvedValue({ payment_id: PAYMENT_ID, status: 'pending', terminal_id: 'term-dxb-mall' });
    const confirm = jest
      .spyOn(paymentApi, 'confirmCounter')
      .mockResolvedValueOnce({ status: 'pending', payment_id: PAYMENT_ID })
      .mockResolvedValue({ status: 'paid', receipt: receipt({ method: 'counter', card: null }) });
    await chooseCounter();
    const section = screen.getByRole('region', { name: 'Pay at the counter' });
    expect(section).toHaveTextContent('Amount to pay: AED 57.75');
    expect(section).toHaveTextContent('The staff member takes the payment on the shop’s terminal');
    const sendButton = within(section).getByRole('button', { name: 'Send to the terminal' });
    await userEvent.click(sendButton);
    expect(start).toHaveBeenCalledWith(expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/));
    const status = await screen.findByText(/Waiting for the terminal/, { selector: '[role=status]' });
    expect(status).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(PAYMENT_ID));
    // The first ask is pending; the page asks again after its interval and finds it paid.
    await waitFor(() => expect(w.navigations).toEqual(['payment /payment/confirmation']), { timeout: COUNTER_POLL_MS + 2000 });
    expect(confirm.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('a decline is the catalogue’s pop-up with its reason, and the choice is open again', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary(COUNTER));
    jest.spyOn(paymentApi, 'startCounter').mockResolvedValue({ payment_id: PAYMENT_ID, status: 'pending', terminal_id: 'term-dxb-mall' });
    jest.spyOn(paymentApi, 'confirmCounter').mockRejectedValue(decline(-7011));
    await chooseCounter();
    await userEvent.click(screen.getByRole('button', { name: 'Send to the terminal' }));
    await waitFor(() => expect(w.errors).toHaveLength(1));
    // SPEC 8 -7011 (the terminal's insufficient funds), in the catalogue's words.
    expect(w.errors[0]!.type).toBe('payment_error_insufficient');
    expect(await screen.findByRole('button', { name: 'Send to the terminal' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose how to pay' }));
    expect(screen.getByRole('radiogroup', { name: 'How would you like to pay?' })).toBeInTheDocument();
  });

  it('Cancel cancels the payment and stops asking the terminal', async () => {
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary(COUNTER));
    jest.spyOn(paymentApi, 'startCounter').mockResolvedValue({ payment_id: PAYMENT_ID, status: 'pending', terminal_id: 'term-dxb-mall' });
    const confirm = jest.spyOn(paymentApi, 'confirmCounter').mockResolvedValue({ status: 'pending', payment_id: PAYMENT_ID });
    const cancel = jest.spyOn(paymentApi, 'cancel').mockResolvedValue({ status: 'cancelled' });
    await chooseCounter();
    await userEvent.click(screen.getByRole('button', { name: 'Send to the terminal' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(cancel).toHaveBeenCalledWith(PAYMENT_ID);
    expect(await screen.findByRole('button', { name: 'Send to the terminal' })).toBeInTheDocument();
    const asked = confirm.mock.calls.length;
    await act(async () => {
      await new Promise((r) => setTimeout(r, COUNTER_POLL_MS + 200));
    });
    expect(confirm.mock.calls.length).toBe(asked);
  });

  it('a counter payment already waiting (a reload) opens on the waiting screen', async () => {
    const open = { payment_id: PAYMENT_ID, method: 'counter', amount_fils: 5775, action_url: null, started_at: '2026-11-27T10:00:00Z', expires_at: '2026-11-27T10:03:00Z' };
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary({ ...COUNTER, open_payment: open }));
    const confirm = jest.spyOn(paymentApi, 'confirmCounter').mockResolvedValue({ status: 'pending', payment_id: PAYMENT_ID });
    renderAt('/payment');
    expect(await screen.findByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(PAYMENT_ID));
  });

  it('speaks Arabic', async () => {
    act(() => {
      i18n.set('ar', AR_TRANSLATIONS);
      i18n.setLanguage('ar');
    });
    jest.spyOn(paymentApi, 'summary').mockResolvedValue(summary(COUNTER));
    renderAt('/payment');
    await userEvent.click(await screen.findByRole('radio', { name: /الدفع عند الكاونتر/ }));
    await userEvent.click(screen.getByRole('button', { name: 'متابعة' }));
    expect(screen.getByRole('button', { name: 'إرسال إلى جهاز الدفع' })).toBeInTheDocument();
    // The terminal's id is written as it is: not for translation (nor an English word in an Arabic sentence).
    expect(screen.getByText(COUNTER.counter.terminal_id)).toHaveAttribute('translate', 'no');
  });
});
