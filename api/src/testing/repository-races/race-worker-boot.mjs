// Worker-thread entry of the store race: worker threads run outside Jest, so TypeScript is
// compiled by tsx here (Node 20 has no type stripping), then the real worker is loaded.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(new URL('./race-worker.ts', import.meta.url).href).then((m) => m.runRaceWorker(workerData));
