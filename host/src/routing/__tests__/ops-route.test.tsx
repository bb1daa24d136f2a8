import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { applyFlowStatus, EMPTY_FLOW_FLAGS, EMPTY_SERVER_FLOW_CONTEXT, setFlowFlags, store } from '@join/shared';
import { createQueryClient } from '@join/shared/react';
import { RETAIL_ROUTES } from '@join/shared/retail';
import { markRetailPage, resetRetailPageForTests } from '../../retail/retail-page';
import OpsRoute from '../ops-route';
import { isOpsPath, OPS_PATH } from '../../ops/ops-path';

jest.mock('uplot', () => ({ __esModule: true, default: jest.fn() }));

function Where() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function renderOps({ shopDevice = false } = {}) {
  return render(
    <Provider store={store}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[OPS_PATH]}>
          <Routes>
            <Route path={`${OPS_PATH}/*`} element={<OpsRoute shopDevice={shopDevice} />} />
            <Route path="/retail" element={<p>retail start</p>} />
            <Route path="*" element={<p>the flow</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
}

const location = () => screen.getByRole('status', { name: 'location' }).textContent;

afterEach(() => {
  act(() => setFlowFlags(null));
  resetRetailPageForTests();
});

describe('the operations page route (issue 28)', () => {
  it('opens the page (its own chunk) with no flow chrome: no stepper, no consent panel', async () => {
    renderOps();
    expect(await screen.findByRole('heading', { level: 1, name: 'Operations' })).toBeInTheDocument();
    expect(location()).toBe(OPS_PATH);
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your progress' })).toBeNull();
    expect(screen.getByLabelText(/Operator credential/)).toBeInTheDocument();
  });

  it('never on a shop device at rest: the retail start instead', () => {
    renderOps({ shopDevice: true });
    expect(screen.getByText('retail start')).toBeInTheDocument();
    expect(location()).toBe(RETAIL_ROUTES.start);
  });

  it("never on a retail customer's page: back to the customer's flow", () => {
    act(() => applyFlowStatus({ flow_status_flags: EMPTY_FLOW_FLAGS, flow_context: { ...EMPTY_SERVER_FLOW_CONTEXT, retail: true } }));
    renderOps();
    expect(screen.getByText('the flow')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Operations' })).toBeNull();
  });

  it('nor on a page that has served one (the context wiped since)', () => {
    markRetailPage();
    renderOps();
    expect(screen.getByText('the flow')).toBeInTheDocument();
  });

  it('knows its address', () => {
    expect(['#/ops', '#/ops/', '#/ops?x=1', '#/ops/anything'].map(isOpsPath)).toEqual([true, true, true, true]);
    expect(['#/opsx', '#/plan-selection', '', '#/retail'].map(isOpsPath)).toEqual([false, false, false, false]);
  });
});
