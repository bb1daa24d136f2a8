import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { store } from '@join/shared';
import '@join/shared/ui.css';
import './host.css';
import { App } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <Provider store={store}>
    <App />
  </Provider>,
);
