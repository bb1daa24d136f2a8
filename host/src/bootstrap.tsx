import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { store } from '@join/shared';
import { queryClient } from '@join/shared/react';
import '@join/shared/tokens.css';
import '@join/shared/ui.css';
import './host.css';
import { App } from './app';
import { applyStartLanguage } from './start/start-up';
import { readStartParams } from './start/start-params';
import { watchFirstScreen } from './start/first-screen';

// The language of a lang start parameter before anything renders (no flip of direction on screen).
applyStartLanguage(readStartParams(window.location));
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// The server's first screen, if the page has one: shown until this render takes its place (or dropped now).
watchFirstScreen(container);
// The page's one QueryClient (kernel): every step's queries and mutations share its cache.
// In a transition: React renders it in slices that give the main thread back every few
// milliseconds (a phone stays responsive while the page builds behind the server's first screen).
const root = createRoot(container);
startTransition(() =>
  root.render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </Provider>,
  ),
);
