import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Provider } from 'jotai';
import { EMPTY_FLOW_FLAGS, i18n, store, type FlowContext, type SavedPlan, setHeldNumber, setPlanInReview, setSavedPlan } from '@join/shared';
import { ProgressStepper } from '../progress-stepper';
import { SummaryBar, SummaryColumn } from '../order-summary';
import { Header } from '../header';
import { cartLabel } from '../cart-label';
import { summaryOpenAtom } from '../summary-state';
import { polyfillDialog } from '@join/shared/testing';

beforeAll(polyfillDialog);

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="route">{pathname}</output>;
}

const wrap = (ui: React.ReactNode, path = '/number') =>
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );

const picked = { ...EMPTY_FLOW_FLAGS, is_plan_selected: true, is_number_selected: true };

function savedPlan(boosters: number, discount = 0): SavedPlan {
  const product = { ProductCode: 199, Name: 'Tourist 199', ProductCategory: 'PAYG', CommitmentDuration: 1, AvailablePlans: [], PackagesPricingTable: [], AllowedFeatures: [], Promotions: [] };
  return {
    ID: 1,
    product,
    Plans: [],
    PackagePrice: {
      NetPrice: 100,
      PlanNetPrice: 100,
      VATPercentage: 5,
      VATAmount: 5,
      ExtraCharges: [],
      Discounts: discount > 0 ? [{ Name: 'Welcome', Amount: discount }] : [],
    },
    Boosters: Array.from({ length: boosters }, (_, i) => ({ ID: 900 + i, Name: `Data booster ${i + 1} GB`, Type: 'DATA', Value: 1, Validity: 7, NetPrice: 10, Tags: [] })),
  } as unknown as SavedPlan;
}

function select(boosters = 0, discount = 0) {
  act(() => {
    setSavedPlan(savedPlan(boosters, discount));
    setHeldNumber({ MSISDN: '971581234567', InTransferTo: null, VanityLevelId: 1, ReservationDate: null, ExpiryDate: null });
  });
}

afterEach(() => {
  act(() => {
    setPlanInReview(null);
    setSavedPlan(null);
    setHeldNumber(null);
    store.set(summaryOpenAtom, false);
    i18n.setLanguage('en');
  });
});

describe('progress stepper', () => {
  it('lists the visitor steps with done, current and remaining, and the compact form', () => {
    const ctx: FlowContext = { flags: { ...EMPTY_FLOW_FLAGS, is_plan_selected: true } };
    wrap(<ProgressStepper pathname="/number/search" ctx={ctx} />);
    // in a landmark of its own (axe's region), both the list and the compact form
    const progress = screen.getByRole('region', { name: 'Your progress' });
    const list = within(progress).getByRole('list');
    expect(within(progress).getByText('Step 2 of 5')).toBeInTheDocument();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Plan(completed)',
      '2Number',
      '3Account',
      '4Identity',
      '5Checkout',
    ]);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items.filter((li) => li.hasAttribute('aria-current'))).toHaveLength(1);
    expect(screen.getByText('Choose your number')).toBeInTheDocument();
    const bar = document.querySelector('progress.stepper__bar');
    expect(bar).toHaveAttribute('value', '2');
    expect(bar).toHaveAttribute('max', '5');
  });

  it('keeps its total when the path turns out longer or shorter', () => {
    const logged = { ...EMPTY_FLOW_FLAGS, is_plan_selected: true, is_number_selected: true, is_logged_in_via_email: true };
    // A tourist at the location check, then at the store pickup after paying for a physical SIM.
    const first = wrap(<ProgressStepper pathname="/location_check" ctx={{ flags: logged }} />);
    expect(screen.getByText('Step 4 of 5')).toBeInTheDocument();
    expect(screen.getByText('Check your location')).toBeInTheDocument();
    first.unmount();
    wrap(
      <ProgressStepper
        pathname="/submit_delivery/store"
        ctx={{ flags: { ...logged, is_plan_paid: true }, insideUae: true, residentType: 'non_resident', simType: 'physical' }}
      />,
    );
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
    expect(within(within(screen.getByRole('region', { name: 'Your progress' })).getByRole('list')).getAllByRole('listitem')).toHaveLength(5);
  });

  it('retail: no location check, the same five stages', () => {
    wrap(<ProgressStepper pathname="/number" ctx={{ flags: EMPTY_FLOW_FLAGS, retail: true }} />);
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
  });

  it('shows nothing on thank-you and on exception routes', () => {
    const paid: FlowContext = { flags: { ...picked, is_plan_paid: true, is_logged_in_via_email: true } };
    const { container, unmount } = wrap(<ProgressStepper pathname="/thank-you" ctx={paid} />);
    expect(container.querySelector('.stepper')).toBeNull();
    unmount();
    const other = wrap(<ProgressStepper pathname="/spotii-fail" ctx={paid} />);
    expect(other.container.querySelector('.stepper')).toBeNull();
  });

  it('speaks Arabic in Arabic', () => {
    act(() => {
      i18n.set('ar', { 'app.stepOf': 'الخطوة {{n}} من {{total}}', STEP_TITLE_NUMBER: 'اختر رقمك', 'progress.label': 'مراحل طلبك', 'progress.step.number': 'الرقم' });
      i18n.setLanguage('ar');
    });
    wrap(<ProgressStepper pathname="/number" ctx={{ flags: EMPTY_FLOW_FLAGS }} />);
    expect(screen.getByText('الخطوة 2 من 5')).toBeInTheDocument();
    expect(within(within(screen.getByRole('region', { name: 'مراحل طلبك' })).getByRole('list')).getByText('الرقم')).toBeInTheDocument();
  });
});

describe('cart button', () => {
  it('names the count with the right plural form', () => {
    const t = i18n.t;
    expect(cartLabel(t, 0)).toBe('Your selection: Nothing selected yet.');
    expect(cartLabel(t, 1)).toBe('Your selection, 1 item');
    expect(cartLabel(t, 3)).toBe('Your selection, 3 items');
    // Arabic picks its own forms (two, few, many) by Intl.PluralRules, through the i18n layer.
    i18n.set('ar', {
      'cart.items.one': 'عنصر واحد',
      'cart.items.two': 'عنصران',
      'cart.items.few': '{{count}} عناصر',
      'cart.items.many': '{{count}} عنصرًا',
      'cart.items.other': '{{count}} عنصر',
    });
    i18n.setLanguage('ar');
    try {
      expect([2, 3, 11].map((n) => cartLabel(t, n))).toEqual(['عنصران', '3 عناصر', '11 عنصرًا']);
    } finally {
      i18n.setLanguage('en');
    }
  });

  it('counts the number, the plan and each booster, shows the count and opens the sheet', async () => {
    select(2);
    wrap(<Header pathname="/number" ctx={{ flags: picked }} />);
    const cart = screen.getByRole('button', { name: 'Your selection, 4 items' });
    expect(cart).toHaveTextContent('4');
    await userEvent.click(cart);
    const sheet = screen.getByRole('dialog', { name: 'Your selection' });
    expect(sheet).toHaveClass('sheet');
    expect(within(sheet).getByText('Data booster 2 GB')).toBeInTheDocument();
  });

  it('counts only what the flags say is selected', () => {
    select();
    wrap(<Header pathname="/number" ctx={{ flags: { ...EMPTY_FLOW_FLAGS, is_plan_selected: true } }} />);
    expect(screen.getByRole('button', { name: 'Your selection, 1 item' })).toBeInTheDocument();
  });
});

describe('order summary', () => {
  it('the column shows number, plan, boosters, discounts and the total incl. VAT with edit controls', async () => {
    select(1, 12.5);
    wrap(<SummaryColumn ctx={{ flags: picked }} />);
    const column = screen.getByRole('complementary', { name: 'Your selection' });
    // Grouped for reading or not (the summary groups it), the digits are the number's.
    expect(column.querySelector('.summary__number')?.textContent?.replace(/\s/g, '')).toBe('0581234567');
    expect(within(column).getByText('Tourist 199')).toBeInTheDocument();
    expect(within(column).getByText('Data booster 1 GB')).toBeInTheDocument();
    expect(column).toHaveTextContent(/Offers: −AED\s?12\.50/);
    expect(column).toHaveTextContent(/Total incl\. VAT\s*AED\s?105\.00/);
    await userEvent.click(within(column).getByRole('button', { name: 'Edit: Plan' }));
    expect(screen.getByRole('status', { name: 'route' })).toHaveTextContent('/plan-selection');
  });

  it('the column has no edit control where the step is closed (a VIP number fixes its plan)', () => {
    select();
    wrap(<SummaryColumn ctx={{ flags: { ...picked, has_vip: true } }} />);
    const column = screen.getByRole('complementary', { name: 'Your selection' });
    expect(within(column).queryByRole('button', { name: 'Edit: Plan' })).toBeNull();
    expect(within(column).getByRole('button', { name: 'Edit: Number' })).toBeInTheDocument();
  });

  it('the column says so while nothing is selected (it keeps its place)', () => {
    wrap(<SummaryColumn ctx={{ flags: EMPTY_FLOW_FLAGS }} />);
    expect(screen.getByRole('complementary', { name: 'Your selection' })).toHaveTextContent('Nothing selected yet.');
  });

  it('while a plan is reviewed, the column and the cart name it as not added yet, not "Nothing selected yet"', () => {
    act(() => setPlanInReview({ productCode: 188, name: 'Tourist Explorer 14 days' }));
    wrap(
      <>
        <Header pathname="/plan-selection" ctx={{ flags: EMPTY_FLOW_FLAGS }} />
        <SummaryColumn ctx={{ flags: EMPTY_FLOW_FLAGS }} />
      </>,
      '/plan-selection',
    );
    const column = screen.getByRole('complementary', { name: 'Your selection' });
    expect(column).not.toHaveTextContent('Nothing selected yet');
    expect(column).toHaveTextContent('Tourist Explorer 14 days');
    expect(column).toHaveTextContent('Added when you continue.');
    expect(screen.getByRole('banner').querySelector('[aria-label^="Your selection"]')).toHaveAccessibleName(
      'Your selection: Tourist Explorer 14 days, added when you continue.',
    );
    act(() => setPlanInReview(null));
    expect(column).toHaveTextContent('Nothing selected yet.');
  });

  it('in Arabic too', () => {
    act(() => {
      i18n.set('ar', { 'cart.inReview': 'تُضاف عند المتابعة.', 'cart.title': 'اختياراتك', 'cart.plan': 'الباقة' });
      i18n.setLanguage('ar');
      setPlanInReview({ productCode: 188, name: 'Tourist Explorer 14 days' });
    });
    wrap(<SummaryColumn ctx={{ flags: EMPTY_FLOW_FLAGS }} />, '/plan-selection');
    expect(screen.getByText('تُضاف عند المتابعة.')).toBeInTheDocument();
  });

  it('the phone bar shows the total and opens the summary sheet; absent while nothing is selected', async () => {
    const { unmount } = wrap(<SummaryBar ctx={{ flags: EMPTY_FLOW_FLAGS }} />);
    expect(screen.queryByRole('button', { name: 'View summary' })).toBeNull();
    unmount();
    select();
    wrap(
      <>
        <Header pathname="/number" ctx={{ flags: picked }} />
        <SummaryBar ctx={{ flags: picked }} />
      </>,
    );
    // the total is in a landmark (axe's region), named apart from the wide screens' column
    expect(screen.getByRole('complementary', { name: 'Total incl. VAT' })).toHaveTextContent(/Total incl\. VAT\s*AED\s?105\.00/);
    const view = screen.getByRole('button', { name: 'View summary' });
    view.focus();
    await userEvent.click(view);
    const sheet = screen.getByRole('dialog', { name: 'Your selection' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Your selection' })).toBeNull();
    expect(view).toHaveFocus();
  });
});
