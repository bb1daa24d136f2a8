import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Starts the identity authority sandbox in a worker thread (worker.ts; built as
 * dist/authority-worker.js beside dist/main.js) and resolves once it listens.
 */
export interface RunningAuthoritySandbox {
  url: string;
  close(): Promise<void>;
}

function workerFile(): { file: string; execArgv?: string[] } {
  const here = fileURLToPath(import.meta.url);
  // Built: dist/main.js has dist/authority-worker.js beside it. From source (tsx): worker.ts beside this file.
  const built = new URL('./authority-worker.js', import.meta.url);
  if (!here.endsWith('.ts') && existsSync(built)) return { file: fileURLToPath(built) };
  return { file: fileURLToPath(new URL('./worker.ts', import.meta.url)), execArgv: [...process.execArgv] };
}

export function startAuthoritySandbox(options: { port: number; host: string; apiKey: string }): Promise<RunningAuthoritySandbox> {
  const { file, execArgv } = workerFile();
  const worker = new Worker(file, { workerData: options, ...(execArgv ? { execArgv } : {}) });
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
      const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
      resolve({
        url: `http://${host}:${msg.port}`,
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
