import { runFirstScreenGate } from '@join/shared/first-screen-gate';

// The first-screen gate (the kernel's first-screen-gate.ts): a blocking script of the page's head
// when the server wrote its first screen, so it runs before that screen's first paint.
runFirstScreenGate();
