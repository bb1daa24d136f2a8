import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy* and waitFor wait up to 5 s for the page to answer (Testing Library's default is 1 s):
// on a 2-core machine under load (CI beside another process, e2e/README.md "Timeouts") a lazy
// chunk or a mocked fetch took longer than 1 s to render. A passing test waits no longer for it.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no BroadcastChannel (nor MessageChannel), which react-idle-timer's crossTab needs and
// reads once as it loads. Node's delivers to every other channel of the same name in the process,
// as a browser does between the tabs of one origin.
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
Object.defineProperty(window, 'BroadcastChannel', { configurable: true, writable: true, value: NodeBroadcastChannel });
