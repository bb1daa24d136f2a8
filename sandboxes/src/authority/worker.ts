import { parentPort, workerData } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { SANDBOX_HOST } from '../defaults';
import { buildAuthorityApp } from './authority-app';
import { createFaceEngine } from './faces';
import { createMrzReader } from './ocr';
import { defaultPortraitsDir, loadReferencePortraits } from './portraits';

/**
 * The authority's own thread: OCR and the face models keep this thread's event loop busy, never
 * the operator API's. Started by start.ts; answers { ready, port } or { error } once.
 */
interface Data {
  port: number;
  apiKey: string;
}

async function run(): Promise<void> {
  const { port, apiKey } = workerData as Data;
  const [mrz, faces] = await Promise.all([createMrzReader(), createFaceEngine()]);
  const portraits = await loadReferencePortraits(faces, defaultPortraitsDir());
  const app = await buildAuthorityApp({ apiKey, engines: { mrz, faces }, portraits });
  // This machine only, whatever HOST the product listens on.
  await app.listen({ port, host: SANDBOX_HOST });
  parentPort?.postMessage({ ready: true, port: (app.server.address() as AddressInfo).port });
  parentPort?.on('message', (msg: unknown) => {
    if (msg === 'close') void app.close().then(() => mrz.close()).finally(() => parentPort?.postMessage({ closed: true }));
  });
}

run().catch((err: unknown) => {
  parentPort?.postMessage({ error: err instanceof Error ? err.message : 'did not start' });
});
