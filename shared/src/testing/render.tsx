import type { ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { store } from '@join/shared';
import { createQueryClient } from '@join/shared/react';

/** Renders `ui` as the host gives a step its screen: the page's store, and a QueryClient of its own for this render. */
export function renderInPage(ui: ReactNode): RenderResult {
  return render(
    <Provider store={store}>
      <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
    </Provider>,
  );
}
