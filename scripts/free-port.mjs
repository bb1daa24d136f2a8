// A port of 127.0.0.1 free at the moment of asking (the system picks it; the caller binds it
// next, and retries should another program take it meanwhile). Shared by the scaled launcher
// (scripts/start-scaled.mjs) and the scale-out proof (e2e/perf/scale-out.mjs).
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
