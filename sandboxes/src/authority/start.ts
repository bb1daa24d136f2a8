import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SANDBOX_HOST } from '../defaults';

/**
 * Starts the identity authority sandbox in a worker thread (worker.ts; built as
 * dist/authority-worker.js beside dist/main.js) and resolves once it listens, on 127.0.0.1 only
 * (SANDBOX_HOST: it verifies anyone its registry lists).
 */
export interface RunningAuthoritySandbox {
  url: string;
  close(): Promise<void>;
}

function workerFile(): { file: string; evalCode?: boolean } {
  const here = fileURLToPath(import.meta.url);
  // Built: dist/main.js has dist/authority-worker.js beside it. From source (tsx): worker.ts beside this file.
  const built = new URL('./authority-worker.js', import.meta.url);
  if (!here.endsWith('.ts') && existsSync(built)) return { file: fileURLToPath(built) };
  // tsx (npm run dev, scripts) registers its loader in this thread only: the worker loads it first.
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new URL('./worker.ts', import.meta.url).href;
  return { file: `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(worker)}); })`, evalCode: true };
}

export function startAuthoritySandbox(options: { port: number; apiKey: string }): Promise<RunningAuthoritySandbox> {
  const { file, evalCode } = workerFile();
  const worker = new Worker(file, { workerData: options, eval: evalCode === true });
  return new Promise((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`worker exited with code ${code}`));
    worker.once('error', reject);
    worker.once('exit', onExit);
    worker.once('message', (msg: { ready?: boolean; port?: number; error?: string }) => {
      if (!msg.ready) {
        void worker.terminate();
        reject(new Error(msg.error ?? 'did not start'));
        return;
      }
      worker.off('exit', onExit);
      resolve({
        url: `http://${SANDBOX_HOST}:${msg.port}`,
        close: () =>
          new Promise<void>((done) => {
            const timer = setTimeout(() => void worker.terminate().then(() => done()), 2000);
            worker.once('message', () => {
              clearTimeout(timer);
              void worker.terminate().then(() => done());
            });
            worker.postMessage('close');
          }),
      });
    });
  });
}
