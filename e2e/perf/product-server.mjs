// The product as `npm start` runs it (scripts/start.mjs: the sandboxes program, then the API), for
// the perf scripts that measure the whole product: its own port and a fresh database in a
// temporary folder, every sandbox on a free port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SANDBOX_PORT_VARS } from '../../scripts/sandbox-ports.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Each script's port, above E2E_PORT_BASE as the Playwright servers are (playwright.config.ts):
 * clear of the walks' servers (base to base + 5) and sandboxes (base + 20 to base + 81), so a
 * checkout's perf scripts and its walks, or two checkouts, run at once. 8190 to 8196 by default.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 8181);
export const PERF_PORTS = { lighthouse: base + 9, firstDownload: base + 10, barePage: base + 11, api: base + 12, helloWorld: base + 13, stepsFederated: base + 14, stepsSingle: base + 15 };

/** Every sandbox on a free port (0): the launcher tells the API which ones they got. */
const SANDBOXES_ON_FREE_PORTS = Object.fromEntries(Object.values(SANDBOX_PORT_VARS).map((variable) => [variable, '0']));

async function waitForServer(origin) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${origin}/api/biz_config/app`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the product did not start on ${origin}`);
}

/**
 * Starts the product on `port` and waits until it answers. `dir` is its temporary folder (for the
 * script's own files too); `stop({ keep })` ends it and removes the folder unless kept; `running()`
 * says whether it is still up (a signal from outside may have stopped it). `env`
 * adds to or overrides its environment (the API benchmark logs every request, as `npm start` does).
 */
export async function startProduct(port, name, env = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), `join-${name}-`));
  const server = spawn(process.execPath, [path.join(here, '..', '..', 'scripts', 'start.mjs')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', JOIN_DB: path.join(dir, `${name}.sqlite`), LOG_LEVEL: 'warn', JOIN_SANDBOXES: '1', ...SANDBOXES_ON_FREE_PORTS, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let stopping = false;
  let running = true;
  // A product that stops by itself takes the script's measurement with it: say so where it happened.
  server.once('exit', (code, signal) => {
    running = false;
    if (!stopping) console.error(`the product ${name} on port ${port} stopped by itself (${signal ?? code})`);
  });
  const stop = ({ keep = false } = {}) => {
    stopping = true;
    server.kill();
    if (!keep) rmSync(dir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(origin);
  } catch (e) {
    stop();
    throw e;
  }
  return { origin, dir, stop, running: () => running };
}
