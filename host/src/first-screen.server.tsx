import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { buildFlowContext, EMPTY_FLOW_FLAGS, FIRST_SCREEN_SLOT, ROUTES, store, type FirstScreenRender } from '@join/shared';
import { prepareFirstScreen } from '@join/shared/first-screen';
import { ShellFrame } from './shell/shell';

/** The slot element (FIRST_SCREEN_SLOT) where the first step's own render goes. */
const Slot = FIRST_SCREEN_SLOT.slice(1, FIRST_SCREEN_SLOT.indexOf('>')) as unknown as React.ElementType;

/**
 * The shell's frame of a first visit at plan selection (the kernel's FirstScreenRender): the
 * header, stepper, summary and footer the page's Shell draws there, around the slot the API fills
 * with the step's own render (api/src/platform/static/first-screen.ts).
 */
export const renderFirstScreen: FirstScreenRender = async (input) => {
  const client = await prepareFirstScreen(input);
  const ctx = buildFlowContext(EMPTY_FLOW_FLAGS, null, { navigatingInApp: false, vipFilter: false, searchActive: false });
  const html = renderToString(
    <Provider store={store}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[ROUTES.planSelection]}>
          <ShellFrame pathname={ROUTES.planSelection} ctx={ctx}>
            <Slot />
          </ShellFrame>
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
  client.clear();
  return html;
};
