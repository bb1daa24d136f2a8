// The scaled-out launcher (scripts/start-scaled.mjs) as a child process, for the scripts that try
// the product scaled out (scaled-smoke.mjs, scale-out.mjs): started with the sandboxes on free
// ports, read until the product is ready, with what it printed on the way (each instance's name,
// port and pid; HAProxy's admin socket; the private PostgreSQL cluster's socket and port).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SANDBOX_PORT_VARS } from '../../scripts/sandbox-ports.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const launcherPath = path.join(here, '..', '..', 'scripts', 'start-scaled.mjs');

/** Every sandbox on a free port (0): the launcher tells the instances which ones they got. */
export const SANDBOXES_ON_FREE_PORTS = Object.fromEntries(Object.values(SANDBOX_PORT_VARS).map((variable) => [variable, '0']));

/**
 * Starts the launcher with `env` (over this process's, less its database variables; PORT 0 unless
 * given: a free port for HAProxy) and `args`, and waits until it prints the product's address. Answers:
 * - `origin`: HAProxy's, `http://127.0.0.1:<port>`;
 * - `instances`: Map name -> { port, pid } as the launcher printed them;
 * - `adminSocket`: HAProxy's admin socket; `databaseUrl`: the private cluster's (null without one);
 * - `output`: every line it printed so far (and later: the array keeps growing);
 * - `exited`: a promise of { code, signal }; `exit()`: that once it is known, else null;
 * - `stop(timeoutMs)`: SIGTERM, then the exit (null if still running after timeoutMs: then SIGKILL).
 * Throws (after killing it and printing its last lines) when it stops or is not ready within
 * `timeoutMs`.
 */
export async function startScaled({ env = {}, args = [], timeoutMs = 240_000 } = {}) {
  // The database is the caller's choice alone, never one this shell happens to name.
  const inherited = { ...process.env };
  for (const name of ['JOIN_DATABASE_URL', 'JOIN_DB', 'JOIN_POSTGRES_DIR']) delete inherited[name];
  const launcher = spawn(process.execPath, [launcherPath, ...args], {
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', ...SANDBOXES_ON_FREE_PORTS, JOIN_SANDBOXES: '1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const instances = new Map();
  let adminSocket = null;
  let databaseUrl = null;
  let exit = null;
  const exited = new Promise((resolve) =>
    launcher.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    }),
  );
  let onReady;
  const read = (line) => {
    output.push(line);
    const instance = /^\[scaled\] API instance (api-\d+): http:\/\/127\.0\.0\.1:(\d+)\/ \(pid (\d+)\)$/.exec(line);
    if (instance) instances.set(instance[1], { port: Number(instance[2]), pid: Number(instance[3]) });
    const haproxy = /^\[scaled\] HAProxy: .*, admin socket (.+)$/.exec(line);
    if (haproxy) adminSocket = haproxy[1];
    const postgres = /^\[scaled\] PostgreSQL [^:]+: database (\w+), socket (.+) port (\d+)$/.exec(line);
    if (postgres) databaseUrl = `postgres://postgres@/${postgres[1]}?host=${encodeURIComponent(postgres[2])}&port=${postgres[3]}`;
    const ready = /^Join sign-up flow ready at http:\/\/localhost:(\d+)\//.exec(line);
    if (ready) onReady?.(`http://127.0.0.1:${ready[1]}`);
  };
  createInterface({ input: launcher.stdout }).on('line', read);
  createInterface({ input: launcher.stderr }).on('line', read);

  let timer;
  const origin = await new Promise((resolve, reject) => {
    onReady = resolve;
    timer = setTimeout(() => reject(new Error(`the scaled-out product was not ready within ${timeoutMs / 1000} s`)), timeoutMs);
    void exited.then(() => reject(new Error(`the launcher stopped before the product was ready (${exit.signal ?? exit.code})`)));
  }).catch(async (err) => {
    console.error(output.slice(-40).join('\n'));
    launcher.kill('SIGTERM');
    await exited;
    throw err;
  });
  clearTimeout(timer);

  async function stop(stopTimeoutMs = 60_000) {
    if (exit) return exit;
    launcher.kill('SIGTERM');
    let late;
    const stopped = await Promise.race([exited, new Promise((r) => (late = setTimeout(() => r(null), stopTimeoutMs)))]);
    clearTimeout(late);
    if (stopped === null) launcher.kill('SIGKILL');
    return stopped;
  }

  return { origin, instances, adminSocket, databaseUrl, output, exited, exit: () => exit, stop, pid: launcher.pid };
}
