import { renderToString } from 'react-dom/server';
import { Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { store, type FirstScreenRender } from '@join/shared';
import { prepareFirstScreen } from '@join/shared/first-screen';
import { PlanSelectionPage } from './pages/plan-selection-page';
import { productsQuery } from './hooks/use-products';

/**
 * The plan step as a first visit sees it (the kernel's FirstScreenRender): the first tab's plans
 * from the page's answers, rendered by the page's own component. Nothing is shown that the
 * browser's first render of the step would not show (no saved plan, no start parameter).
 */
export const renderFirstScreen: FirstScreenRender = async (input) => {
  const client = await prepareFirstScreen(input);
  await client.fetchQuery(productsQuery('tourist'));
  const html = renderToString(
    <Provider store={store}>
      <QueryClientProvider client={client}>
        <PlanSelectionPage />
      </QueryClientProvider>
    </Provider>,
  );
  client.clear(); // its cache timers end with the render
  return html;
};
