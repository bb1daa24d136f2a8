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

// The language of a lang start parameter before anything renders (no flip of direction on screen).
applyStartLanguage(readStartParams(window.location));
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// The page's one QueryClient (kernel): every step's queries and mutations share its cache.
createRoot(container).render(
  <Provider store={store}>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </Provider>,
);
