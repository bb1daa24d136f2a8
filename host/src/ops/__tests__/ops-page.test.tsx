import type uPlot from 'uplot';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { ApiError, i18n, store } from '@join/shared';
import { createQueryClient } from '@join/shared/react';
import { AR_TRANSLATIONS } from '@join/shared/texts-ar';
import { measurementApi, type OpsSummary } from '@join/shared/measurement';
import { axeViolations } from '../../retail/screens/__tests__/render-retail';
import OpsPage from '../ops-page';
import { OPS_TOKEN_KEY } from '../ops-token';
import { lastDays } from '../ops-range';

/** uPlot draws on a canvas, which jsdom has not: a stand-in records what each chart was given. */
type FakeChart = { opts: uPlot.Options; data: (number | null)[][]; destroy: jest.Mock };
const charts: FakeChart[] = [];
jest.mock('uplot', () => {
  const FakeUPlot = jest.fn().mockImplementation((opts: FakeChart['opts'], data: FakeChart['data']) => {
    const chart = { opts, data, destroy: jest.fn(), setSize: jest.fn(), width: opts.width };
    charts.push(chart);
    return chart;
  });
  Object.assign(FakeUPlot, { paths: { bars: () => () => null }, pxRatio: 1 });
  return { __esModule: true, default: FakeUPlot };
});

const SUMMARY: OpsSummary = {
  from: '2026-11-21',
  to: '2026-11-27',
  funnel: [
    { step: 'plan', visitors: 200 },
    { step: 'number', visitors: 150 },
    { step: 'account', visitors: 90 },
    { step: 'location_check', visitors: 80 },
    { step: 'activation_method', visitors: 70 },
    { step: 'id_check', visitors: 60 },
    { step: 'payment', visitors: 50 },
    { step: 'submit_delivery', visitors: 45 },
    { step: 'thank_you', visitors: 40 },
  ],
  vitals: [
    { step: 'number', metric: 'LCP', p75: 3100, samples: 140 },
    { step: 'plan', metric: 'LCP', p75: 1800, samples: 190 },
    { step: 'payment', metric: 'LCP', p75: 4600, samples: 48 },
    { step: 'plan', metric: 'INP', p75: 120, samples: 150 },
    { step: 'plan', metric: 'CLS', p75: 0.02, samples: 190 },
  ],
  errors: [
    { code: '-27', count: 12 },
    { code: 'captcha_required', count: 3 },
  ],
};
const EMPTY: OpsSummary = { ...SUMMARY, funnel: SUMMARY.funnel.map((r) => ({ ...r, visitors: 0 })), vitals: [], errors: [] };

const refused = (status: number) => new ApiError(`HTTP ${status}`, { code: 'ops_refused', status });

function renderPage() {
  return render(
    <Provider store={store}>
      <QueryClientProvider client={createQueryClient()}>
        <OpsPage />
      </QueryClientProvider>
    </Provider>,
  );
}

async function signIn(token = 'ops-secret-1') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Operator credential/), token);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

let getSummary: jest.SpyInstance;
beforeEach(() => {
  charts.length = 0;
  sessionStorage.clear();
  getSummary = jest.spyOn(measurementApi, 'getOpsSummary').mockResolvedValue(SUMMARY);
});
afterEach(() => getSummary.mockRestore());

describe('the operations page: the operator credential', () => {
  it('asks for it in a labelled field and announces an empty one, asking nothing', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Operations' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the operator credential.');
    expect(screen.getByLabelText(/Operator credential/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Operator credential/)).toHaveAttribute('type', 'password');
    expect(getSummary).not.toHaveBeenCalled();
  });

  it('signs in: the credential as the bearer of the call for the last 7 days, kept in this tab only', async () => {
    renderPage();
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Visitors per step' })).toBeInTheDocument();
    expect(getSummary).toHaveBeenCalledWith('ops-secret-1', lastDays(7));
    expect(sessionStorage.getItem(OPS_TOKEN_KEY)).toBe('ops-secret-1');
    expect(localStorage.getItem(OPS_TOKEN_KEY)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('From 21 Nov 2026 to 27 Nov 2026');
  });

  it('a refused credential (401 or 403) is announced and forgotten, and the form is back', async () => {
    for (const status of [401, 403]) {
      getSummary.mockRejectedValueOnce(refused(status));
      const { unmount } = renderPage();
      await signIn('wrong');
      expect(await screen.findByRole('alert')).toHaveTextContent('This credential was refused. Check it and sign in again.');
      expect(screen.getByLabelText(/Operator credential/)).toHaveValue('');
      expect(sessionStorage.getItem(OPS_TOKEN_KEY)).toBeNull();
      unmount();
    }
  });

  it('a server without an operator credential (404, 503) says the page is not configured there', async () => {
    for (const status of [404, 503]) {
      getSummary.mockRejectedValueOnce(refused(status));
      const { unmount } = renderPage();
      await signIn();
      expect(await screen.findByRole('alert')).toHaveTextContent('The operations page is not configured on this server');
      expect(sessionStorage.getItem(OPS_TOKEN_KEY)).toBeNull();
      unmount();
    }
  });

  it('a lost connection keeps the credential and offers to try again', async () => {
    getSummary.mockRejectedValueOnce(new ApiError('Network error', { code: null, status: null }));
    renderPage();
    const user = await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('The figures could not be loaded.');
    expect(sessionStorage.getItem(OPS_TOKEN_KEY)).toBe('ops-secret-1');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Visitors per step' })).toBeInTheDocument();
    expect(getSummary).toHaveBeenCalledTimes(2);
  });

  it('a credential kept in this tab opens the figures at once; signing out forgets it', async () => {
    sessionStorage.setItem(OPS_TOKEN_KEY, 'kept-token');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Visitors per step' })).toBeInTheDocument();
    expect(getSummary).toHaveBeenCalledWith('kept-token', expect.anything());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(sessionStorage.getItem(OPS_TOKEN_KEY)).toBeNull();
    expect(screen.getByLabelText(/Operator credential/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Visitors per step' })).not.toBeInTheDocument();
  });
});

describe('the operations page: the day range', () => {
  beforeEach(() => sessionStorage.setItem(OPS_TOKEN_KEY, 'kept-token'));

  it('checks the range before asking: the end before the start, more than 90 days', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Visitors per step' });
    const user = userEvent.setup();
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-11-20');
    await user.clear(to);
    await user.type(to, '2026-11-10');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The range ends before it starts.');
    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.clear(to);
    await user.type(to, '2026-11-10');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at most 90 days.');
    expect(getSummary).toHaveBeenCalledTimes(1);
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(getSummary).toHaveBeenLastCalledWith('kept-token', { from: '2026-10-01', to: '2026-11-10' }));
  });

  it('says so when nothing was measured in the range, and draws no chart', async () => {
    getSummary.mockResolvedValue(EMPTY);
    renderPage();
    expect(await screen.findByText('No visits were measured from 21 Nov 2026 to 27 Nov 2026.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('heading', { name: 'Visitors per step' })).not.toBeInTheDocument();
    expect(charts).toHaveLength(0);
  });

  it('says it is loading while it asks', async () => {
    getSummary.mockReturnValue(new Promise(() => undefined));
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the figures…');
  });
});

describe('the operations page: the charts and their tables', () => {
  beforeEach(() => sessionStorage.setItem(OPS_TOKEN_KEY, 'kept-token'));

  it('draws the funnel in flow order with the change from the step before, and the same figures in its table', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Visitors per step' });
    const funnel = charts[0]!;
    expect(funnel.data[1]).toEqual([200, 150, 90, 80, 70, 60, 50, 45, 40]);
    const rows = (funnel.opts.axes![0]!.values as (u: unknown, s: number[]) => string[])(null, [0, 1, 2, 8]);
    expect(rows).toEqual(['Plan', 'Number', 'Account', 'Thank you']);
    const table = screen.getByRole('table', { name: 'Visitors per step' });
    const number = within(table).getByRole('row', { name: /^Number/ });
    expect(number).toHaveTextContent('150');
    expect(number).toHaveTextContent('-50 (-25%)');
  });

  it('draws each vital per step coloured by its rating, with its limits as lines, and its table', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Largest Contentful Paint (LCP)' });
    // Funnel, LCP, INP, CLS, errors.
    expect(charts).toHaveLength(5);
    const lcp = charts[1]!;
    // Rows in flow order (plan, number, payment): good, needs improvement, poor in their own sets.
    expect(lcp.data.slice(1)).toEqual([
      [1800, null, null],
      [null, 3100, null],
      [null, null, 4600],
    ]);
    // The limits drawn: the draw hook's dashed lines at 2500 and 4000 ms.
    const positions: number[] = [];
    const ctx = { strokeText: jest.fn(), save: jest.fn(), restore: jest.fn(), beginPath: jest.fn(), moveTo: jest.fn(), lineTo: jest.fn(), stroke: jest.fn(), setLineDash: jest.fn(), fillText: jest.fn() };
    const u = { ctx, scales: { y: { min: 0, max: 10_000 } }, bbox: { left: 0, top: 0, width: 10_000, height: 100 }, valToPos: (v: number, scale: string) => (scale === 'y' && positions.push(v), v) };
    lcp.opts.hooks!.draw![0]!(u as never);
    expect(positions.slice(0, 2)).toEqual([2500, 4000]);
    expect(ctx.fillText.mock.calls.map((c: unknown[]) => c[0])).toEqual(['1,800 ms', '3,100 ms', '4,600 ms']);
    expect(screen.getAllByText('Good up to 2,500 ms, needs improvement up to 4,000 ms, poor above.').length).toBeGreaterThan(0);
    const table = screen.getByRole('table', { name: /Largest Contentful Paint/ });
    expect(within(table).getByRole('row', { name: /^Payment/ })).toHaveTextContent('Poor');
    expect(within(screen.getByRole('table', { name: /Cumulative Layout Shift/ })).getByRole('row', { name: /^Plan/ })).toHaveTextContent('0.02');
  });

  it('draws the error pop-ups per code, the codes written as they are', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Error pop-ups per code' });
    expect(charts[4]!.data[1]).toEqual([12, 3]);
    expect(within(table).getByText('-27')).toHaveAttribute('dir', 'ltr');
  });

  it('each table is read by assistive technology always and shown on demand; the canvas is hidden from it', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Visitors per step' });
    const [toggle] = screen.getAllByRole('button', { name: 'Show the figures as a table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const wrap = document.getElementById(toggle!.getAttribute('aria-controls')!)!;
    expect(wrap).toHaveClass('visually-hidden');
    await userEvent.setup().click(toggle!);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Hide the table');
    expect(wrap).not.toHaveClass('visually-hidden');
    for (const canvasBox of document.querySelectorAll('.ops-chart')) expect(canvasBox).toHaveAttribute('aria-hidden', 'true');
    expect(await axeViolations()).toEqual([]);
  });
});

describe('the operations page in Arabic', () => {
  beforeEach(() => {
    sessionStorage.setItem(OPS_TOKEN_KEY, 'kept-token');
    act(() => {
      i18n.set('ar', AR_TRANSLATIONS);
      i18n.setLanguage('ar');
    });
  });
  afterEach(() => act(() => i18n.setLanguage('en')));

  it('reads right to left: Arabic texts, the rows labelled on the right, the bars growing leftwards; no axe violations', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'العمليات' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'الزوار في كل خطوة' })).toBeInTheDocument();
    const funnel = charts[0]!;
    expect(funnel.opts.axes![0]!.side).toBe(1);
    expect(funnel.opts.scales!.y!.dir).toBe(-1);
    expect((funnel.opts.axes![0]!.values as (u: unknown, s: number[]) => string[])(null, [0])).toEqual(['الباقة']);
    // Western digits, as the product's prices in Arabic.
    expect(within(screen.getByRole('table', { name: 'الزوار في كل خطوة' })).getByRole('row', { name: /^الرقم/ })).toHaveTextContent('150');
    // An error code drawn on a right-to-left canvas keeps its minus in front.
    expect((charts[4]!.opts.axes![0]!.values as (u: unknown, s: number[]) => string[])(null, [0])).toEqual(['\u200E-27']);
    expect(screen.getByRole('button', { name: 'تسجيل الخروج' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('announces a refused credential in Arabic', async () => {
    sessionStorage.clear();
    getSummary.mockRejectedValueOnce(refused(401));
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/بيانات اعتماد المشغّل/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('رُفضت بيانات الاعتماد هذه.');
  });
});
