import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import { ApiError, i18n, setBizConfig, setHeldNumber, setStartParams, store, type BusinessConfig } from '@join/shared';
import { helpApi } from '@join/shared/help';
import { HelpModal, helpOpenAtom } from '../help-modal';
import { helpTopicFor, HELP_TOPICS } from '../../help/help-topic';
import { formatPhoneForReading } from '@join/shared';
import { businessConfig, polyfillDialog } from '@join/shared/testing';

beforeAll(polyfillDialog);
// The modal's content is a lazy chunk: the first test that opens it pays for compiling it.
jest.setTimeout(20_000);

const CONFIG: BusinessConfig = businessConfig({
  support: { phone: '971588000800', chat_url: 'https://chat.example/start', email: 'help@example.com', hours: { opens: '08:00', closes: '22:00' } },
});

async function openHelp(path: string) {
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <HelpModal />
      </MemoryRouter>
    </Provider>,
  );
  act(() => store.set(helpOpenAtom, true));
  const dialog = screen.getByRole('dialog', { name: 'Help' });
  // The content is loaded the first time help opens.
  await within(dialog).findByRole('textbox', {}, { timeout: 10_000 });
  return { dialog, ...view };
}

beforeEach(() => {
  act(() => {
    setBizConfig({ status: 'ready', config: CONFIG });
    setHeldNumber(null);
    store.set(helpOpenAtom, false);
  });
});
afterEach(() => jest.restoreAllMocks());

describe('help for the step the visitor is on', () => {
  it('differs between steps, chosen by the route through the flow contract', async () => {
    const plan = await openHelp('/plan-selection');
    expect(within(plan.dialog).getByRole('heading', { level: 3, name: 'Choosing a plan' })).toBeInTheDocument();
    expect(within(plan.dialog).getByText(/Prices include VAT/)).toBeInTheDocument();
    plan.unmount();
    const search = await openHelp('/number/search');
    expect(within(search.dialog).getByRole('heading', { level: 3, name: 'Searching for a number' })).toBeInTheDocument();
    expect(within(search.dialog).queryByText(/Prices include VAT/)).toBeNull();
  });

  // Each step and number page has its topic; a VIP number or a VIP search gets the VIP help.
  it.each<[string, Parameters<typeof helpTopicFor>[1], ReturnType<typeof helpTopicFor>]>([
    ['/', undefined, 'start'],
    ['/plan-selection/custom-plan', undefined, 'plan'],
    ['/number', undefined, 'number'],
    ['/number/search', undefined, 'search'],
    ['/number/search', { vipSearch: true }, 'vip'],
    ['/plan-selection', { vipSearch: true }, 'plan'],
    ['/number/transfer-terms', undefined, 'transfer'],
    ['/number/confirmation', { heldVanityLevel: 1 }, 'number'],
    ['/number/confirmation', { heldVanityLevel: 4 }, 'vip'],
    ['/login', undefined, 'login'],
    ['/activation_method/scan_face', undefined, 'identity'],
    ['/id_check/residency', undefined, 'identity'],
    ['/payment/installments', undefined, 'payment'],
    ['/submit_delivery/address', undefined, 'delivery'],
    ['/thank-you', undefined, 'done'],
    ['/spotii-fail', undefined, 'start'],
  ])('gives %s (%j) the %s help', (path, context, topic) => {
    expect(helpTopicFor(path, context)).toBe(topic);
  });

  it('has an English title and text for every topic', () => {
    for (const topic of HELP_TOPICS) {
      // A missing key reads as the key itself.
      expect(i18n.t(`help.${topic}.title`)).not.toMatch(/^help\./);
      expect(i18n.t(`help.${topic}.text`)).not.toMatch(/^help\./);
    }
  });

  it('shows the VIP help while a VIP number is being confirmed', async () => {
    act(() => setHeldNumber({ MSISDN: '971584444444', InTransferTo: null, VanityLevelId: 4, ReservationDate: null, ExpiryDate: null }));
    const { dialog } = await openHelp('/number/confirmation');
    expect(within(dialog).getByRole('heading', { level: 3, name: 'VIP numbers' })).toBeInTheDocument();
  });

  it('shows the VIP help on a search the vip start parameter opened', async () => {
    act(() => setStartParams({ vip: 'gold' }));
    try {
      const { dialog } = await openHelp('/number/search');
      expect(within(dialog).getByRole('heading', { level: 3, name: 'VIP numbers' })).toBeInTheDocument();
    } finally {
      act(() => setStartParams({}));
    }
  });
});

describe('ways to reach the operator', () => {
  it('come from the business config: a tel: link grouped left to right, a chat link in a new tab, a mailto:, the hours', async () => {
    const { dialog } = await openHelp('/number');
    const call = within(dialog).getByRole('link', { name: /Call us/ });
    expect(call).toHaveAttribute('href', 'tel:+971588000800');
    expect(within(call).getByText('+971 58 800 0800')).toHaveAttribute('dir', 'ltr');
    const chat = within(dialog).getByRole('link', { name: 'Chat with us (opens in a new tab)' });
    expect(chat).toHaveAttribute('href', 'https://chat.example/start');
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(dialog).getByRole('link', { name: /E-mail us/ })).toHaveAttribute('href', 'mailto:help@example.com');
    expect(within(dialog).getByText('Every day, 08:00 to 22:00 (UAE time)')).toBeInTheDocument();
  });

  it('are left out when the business config has none', async () => {
    act(() => setBizConfig({ status: 'ready', config: { ...CONFIG, support: null } }));
    const { dialog } = await openHelp('/number');
    await within(dialog).findByRole('heading', { level: 3, name: 'Your new number' });
    expect(within(dialog).queryByRole('link')).toBeNull();
    expect(within(dialog).queryByRole('heading', { name: 'Talk to us' })).toBeNull();
  });

  it('groups UAE numbers for reading and leaves others whole', () => {
    expect(formatPhoneForReading('971588000800')).toBe('+971 58 800 0800');
    expect(formatPhoneForReading('4420711111')).toBe('+4420711111');
  });
});

describe('feedback', () => {
  const field = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Your feedback' });

  it('counts characters as typed, and sends the note with the route; the thank-you is announced', async () => {
    const send = jest.spyOn(helpApi, 'sendFeedback').mockResolvedValue({
      feedback: { id: 1, text: 'Great app', route: '/number/search', step: 'number', language: 'en', created_at: 1 },
    });
    const { dialog } = await openHelp('/number/search');
    expect(within(dialog).getByText('0 / 50')).toBeInTheDocument();
    await userEvent.type(field(dialog), 'Great app');
    expect(within(dialog).getByText('9 / 50')).toBeInTheDocument();
    expect(field(dialog)).toHaveAccessibleDescription('9 / 50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(send).toHaveBeenCalledWith('Great app', '/number/search');
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Thank you! Your feedback has reached our team.');
    expect(within(dialog).getByRole('button', { name: 'Write another note' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Write another note' }));
    expect(field(dialog)).toHaveValue('');
  });

  it('shows and announces the rule’s error for a forbidden character, and sends nothing', async () => {
    const send = jest.spyOn(helpApi, 'sendFeedback');
    const { dialog } = await openHelp('/plan-selection');
    await userEvent.type(field(dialog), 'nice app #1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    const error = await within(dialog).findByRole('alert');
    expect(error).toHaveTextContent('Leave out #: these characters are not accepted.');
    expect(field(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(field(dialog)).toHaveFocus();
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses more than 50 characters, with the count in red', async () => {
    const send = jest.spyOn(helpApi, 'sendFeedback');
    const { dialog } = await openHelp('/plan-selection');
    await userEvent.type(field(dialog), 'x'.repeat(51));
    expect(within(dialog).getByText('51 / 50')).toHaveClass('help__count--over');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Use at most 50 characters (51 now).');
    expect(send).not.toHaveBeenCalled();
  });

  it('says to try later when the server refuses for sending too often, and keeps the text', async () => {
    jest.spyOn(helpApi, 'sendFeedback').mockRejectedValue(new ApiError('Too many requests', { code: 'rate_limited', status: 429 }));
    const { dialog } = await openHelp('/plan-selection');
    await userEvent.type(field(dialog), 'Third note');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please try again in a few minutes.');
    expect(field(dialog)).toHaveValue('Third note');
  });

  it('keeps the text when the network fails, so it can be sent again', async () => {
    const send = jest
      .spyOn(helpApi, 'sendFeedback')
      .mockRejectedValueOnce(new ApiError('Network error', { code: null, status: null }))
      .mockResolvedValueOnce({ feedback: { id: 2, text: 'Hello', route: '/plan-selection', step: 'plan', language: 'en', created_at: 1 } });
    const { dialog } = await openHelp('/plan-selection');
    await userEvent.type(field(dialog), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Check your connection and try again; your text is kept.');
    expect(field(dialog)).toHaveValue('Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(await within(dialog).findByText('Thank you! Your feedback has reached our team.')).toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('in Arabic', () => {
  afterEach(() => act(() => i18n.setLanguage('en')));

  it('shows the step help and the rule’s error in Arabic, the phone number still left to right', async () => {
    act(() => {
      i18n.set('ar', {
        'help.title': 'المساعدة',
        'help.plan.title': 'اختيار الباقة',
        'feedback.label': 'ملاحظاتك',
        'feedback.send': 'أرسل الملاحظات',
        'feedback.error.forbidden': 'احذف {{chars}}: هذه الرموز غير مقبولة.',
      });
      i18n.setLanguage('ar');
    });
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/plan-selection']}>
          <HelpModal />
        </MemoryRouter>
      </Provider>,
    );
    act(() => store.set(helpOpenAtom, true));
    const dialog = screen.getByRole('dialog', { name: 'المساعدة' });
    expect(await within(dialog).findByRole('heading', { level: 3, name: 'اختيار الباقة' })).toBeInTheDocument();
    expect(within(dialog).getByText('+971 58 800 0800')).toHaveAttribute('dir', 'ltr');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'ملاحظاتك' }), 'رائع (جدًا)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'أرسل الملاحظات' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('احذف ( ): هذه الرموز غير مقبولة.');
  });
});
