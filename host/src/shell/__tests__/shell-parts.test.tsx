import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import { EMPTY_FLOW_FLAGS, errorAtom, store, type FlowContext, setError, setFlowFlags, setHeldNumber, setSavedPlan } from '@join/shared';
import { ErrorPopup } from '../error-popup';
import { Footer } from '../footer';
import { Header } from '../header';
import { stepLoadingAtom } from '../loading-atom';
import { polyfillDialog } from '@join/shared/testing';

beforeAll(polyfillDialog);

const ctx: FlowContext = { flags: EMPTY_FLOW_FLAGS };
const wrap = (ui: React.ReactNode) =>
  render(
    <Provider store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  );

describe('error pop-up', () => {
  afterEach(() => act(() => setError(null)));

  it('shows the title, the scalar code, the text and up to two buttons', async () => {
    wrap(<ErrorPopup ctx={ctx} />);
    act(() =>
      setError({
        type: 'number_already_booked',
        title: 'Oh no!',
        text: 'Someone took it.',
        code: -2015,
        buttons: [
          { label: 'Pick another', action: 'ok_clear_error' },
          { label: 'More Info', action: 'ok_clear_error' },
        ],
      }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Oh no!' });
    expect(dialog).toHaveAccessibleDescription('Someone took it.');
    expect(within(dialog).getByTestId('error-code')).toHaveTextContent('Error code -2015');
    // The code keeps its left-to-right order in an Arabic sentence.
    expect(within(dialog).getByText('-2015')).toHaveAttribute('dir', 'ltr');
    // Title and text take their own words' direction: an English text on an Arabic page keeps "Oh no!".
    expect(within(dialog).getByText('Oh no!')).toHaveAttribute('dir', 'auto');
    expect(within(dialog).getByText('Someone took it.')).toHaveAttribute('dir', 'auto');
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Pick another', 'More Info']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pick another' }));
    expect(store.get(errorAtom)).toBeNull();
  });

  it('falls back to OK when the error has no buttons', () => {
    wrap(<ErrorPopup ctx={ctx} />);
    act(() => setError({ type: 'error_general', title: 'Something went wrong', text: 'x', code: null, buttons: [] }));
    const dialog = screen.getByRole('alertdialog', { name: 'Something went wrong' });
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(within(dialog).queryByText(/Error code/)).toBeNull();
  });
});

describe('footer', () => {
  it('shows logout only when properly logged in, behind a confirm pop-up', async () => {
    act(() => setFlowFlags(EMPTY_FLOW_FLAGS));
    const { unmount } = wrap(<Footer />);
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    unmount();
    act(() => setFlowFlags({ ...EMPTY_FLOW_FLAGS, is_logged_in_via_email: true }));
    wrap(<Footer />);
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(screen.getByRole('alertdialog', { name: 'Log out?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog', { name: 'Log out?' })).toBeNull();
  });

  it('is hidden while a loading text shows', () => {
    act(() => store.set(stepLoadingAtom, true));
    wrap(<Footer />);
    expect(screen.queryByRole('contentinfo')).toBeNull();
    act(() => store.set(stepLoadingAtom, false));
  });
});

describe('header', () => {
  it('is plain on the plan step and slanted on the number step', () => {
    const { container, unmount } = wrap(<Header pathname="/plan-selection" ctx={ctx} />);
    expect(container.querySelector('header')).toHaveClass('header--plain');
    unmount();
    const other = wrap(<Header pathname="/number" ctx={ctx} />);
    expect(other.container.querySelector('header')).toHaveClass('header--slanted');
  });

  it('opens the summary only once a plan or number is selected (the flags say so)', async () => {
    act(() => {
      setSavedPlan(null);
      setHeldNumber({ MSISDN: '971581234567', InTransferTo: null, VanityLevelId: 1, ReservationDate: null, ExpiryDate: null });
    });
    const { unmount } = wrap(<Header pathname="/number" ctx={ctx} />);
    const cart = screen.getByRole('button', { name: /your selection/i });
    expect(cart).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(cart);
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    wrap(<Header pathname="/number" ctx={{ flags: { ...EMPTY_FLOW_FLAGS, is_number_selected: true } }} />);
    await userEvent.click(screen.getByRole('button', { name: /your selection/i }));
    const dialog = screen.getByRole('dialog', { name: 'Your selection' });
    expect(dialog.querySelector('.phone-number')?.textContent).toBe('0581234567');
  });
});
