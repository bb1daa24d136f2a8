import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import axe from 'axe-core';
import { i18n, setBizConfig, store } from '@join/shared';
import { createQueryClient } from '@join/shared/react';
import { businessConfig } from '@join/shared/testing';
import RetailScreens from '../retail-screens';

/** Where the router is (the flow's routes are not rendered here). */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/** The retail screens as the host routes them, at `path`, with the business config's retail flag. */
export function renderRetail(path: string, { retailFlow = true } = {}) {
  setBizConfig({ status: 'ready', config: { ...businessConfig(), retail_flow: retailFlow } });
  return render(
    <Provider store={store}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/retail/*" element={<RetailScreens />} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
}

/** The retail texts register from their own chunk (a dynamic import): let it land. */
export const retailTextsLoaded = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** axe on the page as rendered (jsdom has no layout: colour contrast is the e2e run's). */
export async function axeViolations(): Promise<string[]> {
  document.documentElement.lang = i18n.language();
  const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}
