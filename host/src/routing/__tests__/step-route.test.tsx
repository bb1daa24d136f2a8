import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { EMPTY_FLOW_FLAGS, resolveRoute, type FlowContext } from '@join/shared';
import { StepRoute } from '../step-route';

// The guard is under test, not the federation: a step renders as a marker naming its remote.
jest.mock('../../federation/remote-step', () => jest.requireActual('../../test-utils/step-markers'));

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}

function renderAt(entry: string, ctx: FlowContext) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/" element={<p>root</p>} />
        <Route path="*" element={<StepRoute ctx={ctx} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const location = () => screen.getByRole('status', { name: 'location' }).textContent;
const fresh: FlowContext = { flags: EMPTY_FLOW_FLAGS };
const planAndNumber: FlowContext = { flags: { ...EMPTY_FLOW_FLAGS, is_plan_selected: true, is_number_selected: true } };

describe('StepRoute (the guard)', () => {
  it('renders the step from its remote when the contract allows the route', () => {
    renderAt('/plan-selection', fresh);
    expect(screen.getByText('step plan at /plan-selection')).toBeInTheDocument();
    expect(location()).toBe('/plan-selection');
  });

  it('renders a sub-route with its own step', () => {
    renderAt('/number/search', fresh);
    expect(screen.getByText('step number at /number/search')).toBeInTheDocument();
  });

  it.each([
    ['/payment', fresh],
    ['/thank-you', fresh],
    ['/login', fresh],
    ['/plan-selection', { flags: { ...planAndNumber.flags, is_plan_paid: true, is_logged_in_via_email: true } }],
  ] as const)('redirects %s where the flow contract says, keeping the query string', (path, ctx) => {
    const decision = resolveRoute(path, ctx);
    expect(decision.kind).toBe('redirect');
    renderAt(`${path}?gclid=abc`, ctx);
    expect(screen.queryByText(new RegExp(`at ${path}$`))).toBeNull();
    const to = decision.kind === 'redirect' ? decision.to : '';
    // Followed to where it renders (the target may itself be guarded): the first hop is the contract's.
    expect(location()).toMatch(/\?gclid=abc$/);
    expect(location()!.replace('?gclid=abc', '')).toBe(finalHop(to, ctx));
  });

  it('sends an unknown path to the root', () => {
    renderAt('/nowhere?x=1', fresh);
    expect(screen.getByText('root')).toBeInTheDocument();
    expect(location()).toBe('/?x=1');
  });
});

/** Where following the contract's redirects from `path` ends. */
function finalHop(path: string, ctx: FlowContext): string {
  let at = path;
  for (let i = 0; i < 5; i++) {
    if (at === '/') return '/';
    const d = resolveRoute(at, ctx);
    if (d.kind === 'render') return at;
    at = d.to;
  }
  throw new Error(`no render from ${path}`);
}
