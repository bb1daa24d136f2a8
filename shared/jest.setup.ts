import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy* and waitFor wait up to 5 s for the page to answer (Testing Library's default is 1 s):
// on a 2-core machine under load (CI beside another process, e2e/README.md "Timeouts") a lazy
// chunk or a mocked fetch took longer than 1 s to render. A passing test waits no longer for it.
configure({ asyncUtilTimeout: 5_000 });
