import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy* and waitFor wait up to 5 s for the page to answer (Testing Library's default is 1 s):
// on a 2-core machine under load (CI beside another process, e2e/README.md "Timeouts") a lazy
// chunk or a mocked fetch took longer than 1 s to render. A passing test waits no longer for it.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has crypto.getRandomValues but no crypto.subtle, which a browser has on any secure page
// (https, localhost): the address challenge hashes with it. Node's Web Crypto stands in.
import { webcrypto } from 'node:crypto';
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
