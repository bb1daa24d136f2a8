import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { EMPTY_FLOW_FLAGS, setFlowFlags, store } from '@join/shared';
import { RETAIL_ROUTES } from '@join/shared/retail';
import { RETAIL_AT_REST_TARGET, RetailAtRest } from '../retail-at-rest';

function Where() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/retail', path]} initialIndex={1}>
        <Routes>
          <Route path="/retail" element={<p>retail start</p>} />
          <Route path="*" element={<RetailAtRest><p>the flow</p></RetailAtRest>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Provider>,
  );
}

const location = () => screen.getByRole('status', { name: 'location' }).textContent;

afterEach(() => act(() => setFlowFlags(null)));

describe('RetailAtRest (a shop device with no customer)', () => {
  it('sends a flow screen (Back after a wipe) to the retail start screen instead of drawing nothing', () => {
    act(() => setFlowFlags(null));
    renderAt('/payment');
    expect(screen.getByText('retail start')).toBeInTheDocument();
    expect(screen.queryByText('the flow')).toBeNull();
    expect(location()).toBe('/retail');
  });

  it('draws the flow once a customer has started (the flow status loaded)', () => {
    act(() => setFlowFlags({ ...EMPTY_FLOW_FLAGS, is_plan_selected: true }));
    renderAt('/number');
    expect(screen.getByText('the flow')).toBeInTheDocument();
    expect(location()).toBe('/number');
  });

  it('goes to the retail contract\'s start route', () => {
    expect(RETAIL_AT_REST_TARGET).toBe(RETAIL_ROUTES.start);
  });
});
