import { act, render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Provider } from 'jotai';
import { api, EMPTY_FLOW_FLAGS, errorAtom, errorObjectFor, errorObjectForCode, i18n, numberAtom, registerErrorActions, store, type ErrorObject, type FlowContext, type StepAction, setError, setHeldNumber } from '@join/shared';
import { ErrorPopup } from '../error-popup';
import { HelpModal, helpOpenAtom } from '../help-modal';
import { acknowledge } from '../acknowledge';
import { polyfillDialog } from '@join/shared/testing';

beforeAll(polyfillDialog);
afterEach(() =>
  act(() => {
    setError(null);
    store.set(helpOpenAtom, false);
  }),
);

const ctx: FlowContext = { flags: EMPTY_FLOW_FLAGS };

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="route">{pathname}</output>;
}

function renderPopup(at = '/number/search') {
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <HelpModal />
        <ErrorPopup ctx={ctx} />
      </MemoryRouter>
    </Provider>,
  );
}

const raise = (error: ErrorObject) => act(() => setError(error));
const custom = (action: string, label = 'Do it'): ErrorObject => ({ type: 't', title: 'Oh no!', text: 'x', code: null, buttons: [{ label, action }] });
const popup = () => screen.getByRole('alertdialog', { name: 'Oh no!' });
const route = () => screen.getByRole('status', { name: 'route' }).textContent;

/** The pop-up shown for a general error whose Retry the raising step handles; `withdraw` takes the handler back. */
function raiseRetryable() {
  renderPopup();
  const error = errorObjectFor('error_general');
  const retry = jest.fn();
  const withdraw = registerErrorActions(error, { retry });
  raise(error);
  return { retry, withdraw };
}

describe('error pop-up: step actions reach the step that raised the error', () => {
  it('Retry runs the registered retry once and closes the pop-up', async () => {
    const { retry } = raiseRetryable();
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(store.get(errorAtom)).toBeNull();
    expect(route()).toBe('/number/search');
  });

  it.each<Exclude<StepAction, 'retry'>>(['change_card', 'retry_payment', 'continue_payment', 'reset_transfer', 'resend_code'])('%s goes to its handler', async (action) => {
    renderPopup();
    const error = custom(action);
    const handlers = { change_card: jest.fn(), retry_payment: jest.fn(), continue_payment: jest.fn(), reset_transfer: jest.fn(), resend_code: jest.fn() };
    registerErrorActions(error, handlers);
    raise(error);
    await userEvent.click(within(popup()).getByRole('button', { name: 'Do it' }));
    expect(handlers[action]).toHaveBeenCalledTimes(1);
    expect(Object.values(handlers).filter((h) => h.mock.calls.length > 0)).toHaveLength(1);
    expect(store.get(errorAtom)).toBeNull();
  });

  it('offers no Retry when no step handles it: a plain OK closes and leaves the visitor where they are', async () => {
    renderPopup();
    raise(errorObjectFor('error_general'));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(store.get(errorAtom)).toBeNull();
    expect(route()).toBe('/number/search');
  });

  it('a handler the step withdrew after raising does nothing: the button just closes', async () => {
    const { retry, withdraw } = raiseRetryable();
    withdraw();
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Retry' }));
    expect(retry).not.toHaveBeenCalled();
    expect(store.get(errorAtom)).toBeNull();
  });
});

describe('error pop-up: acknowledgements run in the shell', () => {
  it.each(['ok_clear_error_redirect', 'clear_and_redirect'])('%s clears and goes home', async (action) => {
    renderPopup();
    raise(custom(action));
    await userEvent.click(within(popup()).getByRole('button', { name: 'Do it' }));
    expect(store.get(errorAtom)).toBeNull();
    expect(route()).toBe('/');
  });

  it('ok_clear_error just clears', async () => {
    renderPopup();
    raise(custom('ok_clear_error'));
    await userEvent.click(within(popup()).getByRole('button', { name: 'Do it' }));
    expect(store.get(errorAtom)).toBeNull();
    expect(route()).toBe('/number/search');
  });

  it('ok_clear_error_get_status reloads the flow status, clears the number and goes to the recommended route', async () => {
    const flags = { ...EMPTY_FLOW_FLAGS, is_plan_selected: true };
    const spy = jest.spyOn(api, 'getFlowStatus').mockResolvedValue({ flow_status_flags: flags } as Awaited<ReturnType<typeof api.getFlowStatus>>);
    act(() => setHeldNumber({ MSISDN: '971581234567', InTransferTo: null, VanityLevelId: 1, ReservationDate: null, ExpiryDate: null }));
    renderPopup('/number/confirmation');
    raise(custom('ok_clear_error_get_status'));
    await userEvent.click(within(popup()).getByRole('button', { name: 'Do it' }));
    // Plan selected, no number: the number step is the first active one (once the read answered).
    await waitFor(() => expect(route()).toBe('/number'));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(store.get(numberAtom)).toBeNull();
    spy.mockRestore();
  });

  it.each(['max_sims_redirect', 'redirect_to_info_page', 'redirect_to_app_chat'])('%s opens the help', async (action) => {
    renderPopup();
    raise(custom(action));
    await userEvent.click(within(popup()).getByRole('button', { name: 'Do it' }));
    expect(store.get(errorAtom)).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Help' })).toBeInTheDocument();
  });

  it('Escape answers with the primary button', async () => {
    const { retry } = raiseRetryable();
    act(() => {
      screen.getByRole('alertdialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('acknowledge', () => {
  it('reload reloads the page (the fatal error\'s one button)', async () => {
    const reload = jest.fn();
    const navigate = jest.fn();
    await acknowledge('reload', { navigate, ctx, openHelp: jest.fn(), reload });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('go_to_payment goes to the payment page, where an open payment is finished or cancelled', async () => {
    const navigate = jest.fn();
    await acknowledge('go_to_payment', { navigate, ctx, openHelp: jest.fn() });
    expect(navigate).toHaveBeenCalledWith('/payment');
  });

  it('an action it does not know only closes', async () => {
    const navigate = jest.fn();
    const openHelp = jest.fn();
    await acknowledge('made_up_by_a_server', { navigate, ctx, openHelp });
    expect(navigate).not.toHaveBeenCalled();
    expect(openHelp).not.toHaveBeenCalled();
  });
});

/**
 * SPEC 2 shows an error's code "if it is scalar" as a quiet reference a
 * customer can quote to support: a server code of SPEC 8 (-7099). Our client-side keys
 * (spotii_error, rate_limited, payment_in_progress...) are not such codes and are never shown.
 */
describe('error pop-up: the code is a reference for support, never a key', () => {
  const LANGUAGES = [
    { lang: 'en', words: 'Error code' },
    { lang: 'ar', words: 'رمز الخطأ' },
  ] as const;
  beforeEach(() => act(() => i18n.set('ar', { 'error.code': 'رمز الخطأ {{code}}' })));
  afterEach(() => act(() => i18n.setLanguage('en')));

  it.each(LANGUAGES)('$lang: a numeric server code is shown as the reference', ({ lang, words }) => {
    act(() => i18n.setLanguage(lang));
    renderPopup();
    raise(errorObjectForCode(-7099));
    const code = within(screen.getByRole('alertdialog')).getByTestId('error-code');
    expect(code).toHaveTextContent(`${words} -7099`);
    expect(within(code).getByText('-7099')).toHaveAttribute('dir', 'ltr');
  });

  it.each(LANGUAGES)('$lang: a numeric code the server sent as a string is shown too', ({ lang, words }) => {
    act(() => i18n.setLanguage(lang));
    renderPopup();
    raise(errorObjectForCode('-2015'));
    expect(within(screen.getByRole('alertdialog')).getByTestId('error-code')).toHaveTextContent(`${words} -2015`);
  });

  it.each(LANGUAGES.flatMap(({ lang, words }) => ['spotii_error', 'rate_limited', 'payment_in_progress', 'non_eligible_card'].map((key) => ({ lang, words, key }))))(
    '$lang: the key $key is not shown',
    ({ lang, words, key }) => {
      act(() => i18n.setLanguage(lang));
      renderPopup();
      raise(errorObjectForCode(key));
      const dialog = screen.getByRole('alertdialog');
      expect(within(dialog).queryByTestId('error-code')).toBeNull();
      expect(dialog).not.toHaveTextContent(words);
      expect(dialog).not.toHaveTextContent(key);
    },
  );
});
