// The async boundary Module Federation needs before any shared module is used
// (without it: RUNTIME-006 loadShareSync failed).
//
// The page's code is evaluated in stages, each in a task of its own with the main thread given
// back between them (issue 27): the federation runtime (this file's own), React, zod, the kernel
// (its schemas), then the shell. In one task they were the longest task after the first screen's
// paint (about 220 ms on a phone's CPU), a stretch in which a tap on the server's first screen
// waited. Each stage's modules are the next stage's dependencies, so the order is the one the page
// would evaluate them in anyway; the files are already on their way (the first-screen gate
// preloads them).
// (The kernel has the same nextTask; nothing of the kernel may be imported before this boundary.)
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const STAGES: (() => Promise<unknown>)[] = [() => import('react-dom/client'), () => import('zod'), () => import('@join/shared'), () => import('./bootstrap')];

void (async () => {
  for (const stage of STAGES) {
    await nextTask();
    await stage();
  }
})();
