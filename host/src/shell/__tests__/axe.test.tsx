import { act, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import { EMPTY_FLOW_FLAGS, i18n, setFlowFlags, setHeldNumber, setSavedPlan, store, type FlowContext, type SavedPlan } from '@join/shared';
import { ShellFrame } from '../shell';
import { polyfillDialog } from '@join/shared/testing';
import { startOverOpenAtom } from '../../retail/start-over-state';
import { IdlePrompt } from '../../retail/idle/idle-prompt';

beforeAll(polyfillDialog);

/**
 * axe on the shell's frame around a step, as the host draws it (jsdom: no layout, so colour
 * contrast is left to the e2e run in Chromium; both the phone's and the wide screens' forms are in
 * the markup here, as CSS alone chooses). The page's own rules included: every piece of content in
 * a landmark (region) and each landmark named uniquely (landmark-unique), which the stepper and
 * the phone's summary bar broke.
 */
async function expectNoViolations() {
  const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

const picked = { ...EMPTY_FLOW_FLAGS, is_plan_selected: true, is_number_selected: true };
const PLAN = {
  ID: 1,
  product: { ProductCode: 199, Name: 'Tourist 199', ProductCategory: 'PAYG', CommitmentDuration: 1, AvailablePlans: [], PackagesPricingTable: [], AllowedFeatures: [], Promotions: [] },
  Plans: [],
  PackagePrice: { NetPrice: 100, PlanNetPrice: 100, VATPercentage: 5, VATAmount: 5, ExtraCharges: [], Discounts: [] },
  Boosters: [],
} as unknown as SavedPlan;

function frame(pathname: string, ctx: FlowContext) {
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[pathname]}>
        <ShellFrame pathname={pathname} ctx={ctx}>
          <h1 data-step-heading tabIndex={-1}>
            Choose your number
          </h1>
          <p>The step&apos;s own content.</p>
        </ShellFrame>
      </MemoryRouter>
    </Provider>,
  );
}

beforeEach(() => {
  document.documentElement.lang = 'en';
  document.title = 'Join';
});

afterEach(() => {
  act(() => {
    setSavedPlan(null);
    setHeldNumber(null);
    setFlowFlags(null);
    i18n.setLanguage('en');
  });
});

describe('axe on the shell', () => {
  it('a step with the stepper, the summary column and the phone bar (plan and number chosen)', async () => {
    act(() => {
      setFlowFlags(picked);
      setSavedPlan(PLAN);
      setHeldNumber({ MSISDN: '971581234567', InTransferTo: null, VanityLevelId: 1, ReservationDate: null, ExpiryDate: null });
    });
    frame('/number/confirmation', { flags: picked });
    expect(document.querySelector('.summary-bar')).not.toBeNull();
    expect(document.querySelector('.stepper')).not.toBeNull();
    await expectNoViolations();
  });

  it('the first step, nothing chosen yet', async () => {
    act(() => setFlowFlags(EMPTY_FLOW_FLAGS));
    frame('/plan-selection', { flags: EMPTY_FLOW_FLAGS });
    await expectNoViolations();
  });

  it('a retail customer: the retail header (Back, Home), no footer, and "Start over?" open', async () => {
    act(() => setFlowFlags(picked));
    frame('/number', { flags: picked, retail: true });
    await screen.findByRole('button', { name: 'Start over' });
    await expectNoViolations();
    act(() => store.set(startOverOpenAtom, true));
    await screen.findByRole('alertdialog', { name: 'Start over?' });
    await expectNoViolations();
    act(() => store.set(startOverOpenAtom, false));
  });

  it('the idle pop-up', async () => {
    render(<IdlePrompt open remainingMs={75_000} checkEveryMs={30_000} onContinue={() => undefined} onEnd={() => undefined} />);
    await expectNoViolations();
  });
});
